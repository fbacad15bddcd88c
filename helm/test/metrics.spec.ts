import fs from 'node:fs';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';
import { REPO_ROOT, VALUE_SETS, componentOf, renderChart } from './support/chart';
import { podTemplates } from './support/pods';
import { selects, type LabelSelector } from './support/selectors';

/** The deployables that serve Prometheus metrics on GET /metrics (every Node process). */
const METRICS_SERVERS = ['gateway', 'auth', 'tests', 'questions', 'billing', 'mailer'];

interface PodMonitor {
  kind: string;
  spec: { selector: LabelSelector; podMetricsEndpoints: { port: string; path: string }[] };
}

/** The PodMonitor docs/operations.md ("Metrics and logs") tells operators to apply. */
function documentedPodMonitor(): PodMonitor | undefined {
  const guide = fs.readFileSync(path.join(REPO_ROOT, 'docs', 'operations.md'), 'utf8');
  return [...guide.matchAll(/```yaml\n([\s\S]*?)```/g)]
    .flatMap(([, block]) => parseAllDocuments(block ?? '').map((document) => document.toJS()))
    .find((object): object is PodMonitor => (object as PodMonitor | null)?.kind === 'PodMonitor');
}

describe.each(Object.entries(VALUE_SETS))('metrics scraping with the %s values', (_name, files) => {
  it('the documented PodMonitor selects the pods of every Node deployable and no other', () => {
    const monitor = documentedPodMonitor();
    expect(monitor?.spec.podMetricsEndpoints).toEqual([{ port: 'http', path: '/metrics' }]);
    const pods = podTemplates(renderChart(files));
    const scraped = pods
      .filter((pod) => selects(monitor?.spec.selector, pod.labels))
      .map((pod) => `${pod.owner.kind}/${String(componentOf(pod.labels))}`);
    expect(scraped.sort()).toEqual(METRICS_SERVERS.map((name) => `Deployment/${name}`).sort());
  });

  it('gives every Node deployable the port named http the PodMonitor scrapes', () => {
    const pods = podTemplates(renderChart(files)).filter((pod) =>
      METRICS_SERVERS.includes(String(componentOf(pod.labels))),
    );
    for (const pod of pods.filter((candidate) => candidate.owner.kind === 'Deployment')) {
      expect(pod.spec.containers[0]?.ports?.map((port) => port.name)).toContain('http');
    }
  });
});
