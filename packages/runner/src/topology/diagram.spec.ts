import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { TOPOLOGY, type Topology } from '../../../contracts/src/topology';
import { renderTopologyDiagram } from './diagram';
import {
  REGENERATE_COMMAND,
  REPO_ROOT,
  TOPOLOGY_DOCUMENTS,
  diagramBlock,
  markedBlock,
  staleDiagrams,
  withMarkedBlock,
  writeDiagrams,
} from './doc-block';

const withCall = (call: Topology['calls'][number]): Topology => ({
  ...TOPOLOGY,
  calls: [...TOPOLOGY.calls, call],
});

describe('the topology diagram', () => {
  it('is what README.md and docs/architecture.md show', () => {
    expect(staleDiagrams(TOPOLOGY)).toEqual([]);
  });

  it('draws every call, event flow, queue and store', () => {
    const diagram = renderTopologyDiagram(TOPOLOGY);
    expect(diagram).toMatch(/^flowchart LR\n/);
    expect(diagram).toContain(
      '  questions -.->|"GET /internal/tests/:id (test read-through)"| tests\n',
    );
    expect(diagram).toContain('  billing -->|"billing.premium.purchased"| nats\n');
    expect(diagram).toContain('  redis -->|"mail jobs"| mailer\n');
    expect(diagram).toContain('  questions -->|"mcat_questions"| mongo\n');
  });

  it('names the documents and the command when the topology changes', () => {
    const changed = withCall({
      from: ['mailer'],
      to: 'auth',
      requests: ['GET /internal/users/:id'],
    });
    expect(renderTopologyDiagram(changed)).toContain(
      '  mailer -.->|"GET /internal/users/:id"| auth\n',
    );
    expect(staleDiagrams(changed)).toEqual(
      TOPOLOGY_DOCUMENTS.map(
        (document) => `${document}: the topology diagram is out of date; run ${REGENERATE_COMMAND}`,
      ),
    );
  });

  it('rewrites only the marked block', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'topology-diagram-'));
    try {
      for (const document of TOPOLOGY_DOCUMENTS) {
        fs.mkdirSync(path.dirname(path.join(root, document)), { recursive: true });
        fs.writeFileSync(
          path.join(root, document),
          withMarkedBlock(fs.readFileSync(path.join(REPO_ROOT, document), 'utf8'), 'old'),
        );
      }
      expect(staleDiagrams(TOPOLOGY, root)).toHaveLength(TOPOLOGY_DOCUMENTS.length);
      expect(writeDiagrams(TOPOLOGY, root)).toEqual([...TOPOLOGY_DOCUMENTS]);
      for (const document of TOPOLOGY_DOCUMENTS) {
        const written = fs.readFileSync(path.join(root, document), 'utf8');
        expect(written).toBe(fs.readFileSync(path.join(REPO_ROOT, document), 'utf8'));
        expect(markedBlock(written)).toBe(diagramBlock(TOPOLOGY));
      }
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
