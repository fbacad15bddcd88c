import { VALUE_SETS, byKind, componentOf, renderChart } from './support/chart';
import { podTemplates } from './support/pods';
import { selects, type LabelSelector } from './support/selectors';

/** The deployables that serve Prometheus metrics on GET /metrics (every Node process). */
const METRICS_SERVERS = ['gateway', 'auth', 'tests', 'questions', 'billing', 'mailer'];

interface PodMonitor {
  kind: string;
  spec: {
    selector: LabelSelector;
    podMetricsEndpoints: {
      port: string;
      path: string;
      interval?: string;
      authorization?: { type: string; credentials: { name: string; key: string } };
    }[];
  };
}

/** The chart's PodMonitor (metrics.podMonitor.enabled) with these values files. */
function chartPodMonitor(files: string[]): PodMonitor | undefined {
  const [monitor, ...more] = byKind(
    renderChart([...files, 'test/fixtures/values-monitoring.yaml']),
    'PodMonitor',
  ) as unknown as PodMonitor[];
  expect(more).toEqual([]);
  return monitor;
}

it('renders no PodMonitor unless asked to', () => {
  expect(byKind(renderChart(VALUE_SETS.default!), 'PodMonitor')).toEqual([]);
});

describe.each(Object.entries(VALUE_SETS))('metrics scraping with the %s values', (_name, files) => {
  it("the chart's PodMonitor selects the pods of every Node deployable and no other", () => {
    const monitor = chartPodMonitor(files);
    // /metrics answers 404 without the metrics credential: the monitor sends it as a bearer token.
    expect(monitor?.spec.podMetricsEndpoints).toEqual([
      {
        port: 'http',
        path: '/metrics',
        interval: '30s',
        authorization: {
          type: 'Bearer',
          credentials: { name: expect.any(String), key: 'METRICS_TOKEN' },
        },
      },
    ]);
    const pods = podTemplates(renderChart(files));
    const scraped = pods
      .filter((pod) => selects(monitor?.spec.selector, pod.labels))
      .map((pod) => `${pod.owner.kind}/${String(componentOf(pod.labels))}`);
    expect(scraped.sort()).toEqual(METRICS_SERVERS.map((name) => `Deployment/${name}`).sort());
  });

  it('the Secret the PodMonitor reads is the one the pods take their token from', () => {
    const objects = renderChart(files);
    const credentials = chartPodMonitor(files)?.spec.podMetricsEndpoints[0]?.authorization;
    for (const pod of podTemplates(objects).filter((p) => p.owner.kind === 'Deployment')) {
      if (!METRICS_SERVERS.includes(String(componentOf(pod.labels)))) continue;
      const env = pod.spec.containers[0]?.env ?? [];
      const token = env.find((e) => e.name === 'METRICS_TOKEN');
      expect(token?.valueFrom?.secretKeyRef).toEqual({
        name: credentials?.credentials.name,
        key: credentials?.credentials.key,
      });
      // Not the service credential's Secret: Prometheus may read this one only.
      const internal = env.find((e) => e.name === 'INTERNAL_API_TOKEN');
      expect(internal?.valueFrom?.secretKeyRef?.name).not.toBe(credentials?.credentials.name);
    }
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
