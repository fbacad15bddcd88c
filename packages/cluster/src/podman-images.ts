/**
 * Images from podman's storage into the nodes' containerd, without a registry: `podman save
 * --format docker-archive` into a file, then `ctr -n k8s.io images import` of it on every node at
 * once (the path the pause image takes, packages/cluster/src/images.ts). Keyed on podman's image id: the id each import brought is
 * recorded in `<cluster>/state/images/`, and an image whose id has not changed since is not
 * imported again. See docs/adr/0015-one-node-cluster.md, "The product on the cluster".
 */
import { execFile, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';
import fs from 'node:fs';
import path from 'node:path';
import type { ClusterLayout } from './layout';

export interface ImportResult {
  reference: string;
  /** The tag naming this image id, `id-<12 hex digits>`, under which containerd holds it too. */
  idTag: string;
  /** False when containerd already held this image id. */
  imported: boolean;
  seconds: number;
}

function podmanImageId(reference: string): string {
  const result = spawnSync('podman', ['image', 'inspect', '--format', '{{.Id}}', reference], {
    encoding: 'utf8',
  });
  if (result.status !== 0) {
    throw new Error(
      `podman has no image ${reference} (build it with npm run images): ${result.stderr.trim()}`,
    );
  }
  return result.stdout.trim();
}

/** What the node's containerd was last given for a reference: one record per node. */
const recordFile = (layout: ClusterLayout, reference: string) =>
  path.join(layout.state, 'images', layout.node.name, reference.replace(/[^A-Za-z0-9._-]/g, '_'));

function containerdHas(layout: ClusterLayout, reference: string): boolean {
  const result = spawnSync(
    'ctr',
    ['--address', layout.containerdSocket, '-n', 'k8s.io', 'images', 'ls', '-q'],
    { encoding: 'utf8' },
  );
  return result.stdout.split('\n').includes(reference);
}

const repositoryOf = (reference: string) => reference.slice(0, reference.lastIndexOf(':'));

const execFileAsync = promisify(execFile);

/** Tags the imported image by its id in the node's containerd and records the id. */
async function pin(layout: ClusterLayout, reference: string, pinned: string, id: string) {
  try {
    await execFileAsync('ctr', [
      ...['--address', layout.containerdSocket, '-n', 'k8s.io'],
      ...['images', 'tag', '--force', reference, pinned],
    ]);
  } catch (error) {
    throw new Error(`containerd of ${layout.node.name} did not tag ${pinned}: ${String(error)}`);
  }
  if (!containerdHas(layout, pinned)) {
    throw new Error(`containerd of ${layout.node.name} does not list ${pinned} after its import`);
  }
  const record = recordFile(layout, reference);
  fs.mkdirSync(path.dirname(record), { recursive: true });
  fs.writeFileSync(record, id);
}

/**
 * Imports `reference` from podman into each node whose containerd does not already hold the same
 * image id: saved once (`podman save --format docker-archive`), then imported into those nodes at
 * once. One result per node, in the order given.
 */
export async function importPodmanImage(
  nodes: readonly ClusterLayout[],
  reference: string,
): Promise<ImportResult[]> {
  const started = Date.now();
  const id = podmanImageId(reference);
  const idTag = `id-${id.replace(/^sha256:/, '').slice(0, 12)}`;
  const pinned = `${repositoryOf(reference)}:${idTag}`;
  const missing = nodes.filter((layout) => {
    const record = recordFile(layout, reference);
    const recorded = fs.existsSync(record) ? fs.readFileSync(record, 'utf8') : null;
    return recorded !== id || !containerdHas(layout, pinned);
  });
  const first = nodes[0];
  if (missing.length > 0 && first) {
    const archive = path.join(first.state, 'images', `${idTag}.tar`);
    fs.mkdirSync(path.dirname(archive), { recursive: true });
    try {
      const saved = spawnSync(
        'podman',
        ['save', '--format', 'docker-archive', '--output', archive, reference],
        { encoding: 'utf8' },
      );
      if (saved.status !== 0) {
        throw new Error(`podman save ${reference} failed: ${saved.stderr.trim()}`);
      }
      await Promise.all(
        missing.map(async (layout) => {
          try {
            await execFileAsync(
              'ctr',
              ['--address', layout.containerdSocket, '-n', 'k8s.io', 'images', 'import', archive],
              { maxBuffer: 16 * 1024 * 1024 },
            );
          } catch (error) {
            throw new Error(
              `Importing ${reference} into containerd of ${layout.node.name} failed: ${String(error)}`,
            );
          }
          await pin(layout, reference, pinned, id);
        }),
      );
    } finally {
      fs.rmSync(archive, { force: true });
    }
  }
  const seconds = (Date.now() - started) / 1000;
  return nodes.map((layout) => ({
    reference,
    idTag,
    imported: missing.includes(layout),
    seconds,
  }));
}
