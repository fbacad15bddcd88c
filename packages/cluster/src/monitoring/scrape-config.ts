/**
 * What the Prometheus Operator makes of a PodMonitor and a PrometheusRule, for a Prometheus run
 * without the operator (prometheus.ts): the scrape job its config generator writes for each
 * `podMetricsEndpoints` entry (job `podMonitor/<namespace>/<name>/<index>`, pods found through the
 * API server, kept by the selector, the port's name and a live phase; the labels `namespace`,
 * `pod`, `container`, `endpoint`, `job` = `<namespace>/<name>` and the `podTargetLabels`), and the
 * rule file of the PrometheusRule's groups. A field it does not translate is refused, so a chart
 * that starts using one fails here rather than being scraped differently than the operator would.
 */

export interface LabelSelector {
  matchLabels?: Record<string, string>;
  matchExpressions?: {
    key: string;
    operator: 'In' | 'NotIn' | 'Exists' | 'DoesNotExist';
    values?: string[];
  }[];
}

export interface PodMetricsEndpoint {
  port: string;
  path?: string;
  interval?: string;
  authorization?: { type?: string; credentials: { name: string; key: string } };
}

export interface PodMonitor {
  metadata: { name: string; namespace: string };
  spec: {
    selector: LabelSelector;
    podTargetLabels?: string[];
    podMetricsEndpoints: PodMetricsEndpoint[];
  } & Record<string, unknown>;
}

export interface PrometheusRule {
  metadata: { name: string; namespace: string };
  spec: { groups: unknown[] };
}

export interface RelabelConfig {
  action?: 'keep' | 'drop' | 'replace';
  source_labels?: string[];
  regex?: string;
  target_label?: string;
  replacement?: string;
}

export interface ScrapeConfig {
  job_name: string;
  honor_labels: boolean;
  kubernetes_sd_configs: { role: 'pod'; namespaces: { names: string[] } }[];
  scrape_interval?: string;
  metrics_path: string;
  authorization?: { type: string; credentials_file: string };
  relabel_configs: RelabelConfig[];
}

const SPEC_FIELDS = new Set(['selector', 'podTargetLabels', 'podMetricsEndpoints']);
const ENDPOINT_FIELDS = new Set(['port', 'path', 'interval', 'authorization']);

/** A Kubernetes label's name as Prometheus' service discovery spells it. */
export const sanitize = (label: string): string => label.replace(/[^a-zA-Z0-9_]/g, '_');

const escapeRegex = (value: string): string => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const labelSource = (key: string) => `__meta_kubernetes_pod_label_${sanitize(key)}`;
const presentSource = (key: string) => `__meta_kubernetes_pod_labelpresent_${sanitize(key)}`;

function selectorRelabels(selector: LabelSelector): RelabelConfig[] {
  const relabels: RelabelConfig[] = Object.entries(selector.matchLabels ?? {}).map(
    ([key, value]) => ({
      action: 'keep',
      source_labels: [labelSource(key), presentSource(key)],
      regex: `(${escapeRegex(value)});true`,
    }),
  );
  for (const { key, operator, values = [] } of selector.matchExpressions ?? []) {
    const either = `(${values.map(escapeRegex).join('|')});true`;
    const both = [labelSource(key), presentSource(key)];
    switch (operator) {
      case 'In':
        relabels.push({ action: 'keep', source_labels: both, regex: either });
        break;
      case 'NotIn':
        relabels.push({ action: 'drop', source_labels: both, regex: either });
        break;
      case 'Exists':
        relabels.push({ action: 'keep', source_labels: [presentSource(key)], regex: 'true' });
        break;
      case 'DoesNotExist':
        relabels.push({ action: 'drop', source_labels: [presentSource(key)], regex: 'true' });
        break;
    }
  }
  return relabels;
}

/**
 * The scrape jobs of a PodMonitor; `credentialsFile(name, key)` is where the Prometheus pod finds
 * a Secret's key that an endpoint's authorization names.
 */
export function podMonitorScrapeConfigs(
  monitor: PodMonitor,
  credentialsFile: (secret: string, key: string) => string,
): ScrapeConfig[] {
  const unknown = Object.keys(monitor.spec).filter((field) => !SPEC_FIELDS.has(field));
  if (unknown.length > 0) {
    throw new Error(
      `The PodMonitor uses ${unknown.join(', ')}, which this translation does not know`,
    );
  }
  const { namespace, name } = monitor.metadata;
  return monitor.spec.podMetricsEndpoints.map((endpoint, index) => {
    const unknownEndpoint = Object.keys(endpoint).filter((field) => !ENDPOINT_FIELDS.has(field));
    if (unknownEndpoint.length > 0) {
      throw new Error(
        `The PodMonitor's endpoint uses ${unknownEndpoint.join(', ')}, which this translation does not know`,
      );
    }
    const relabel_configs: RelabelConfig[] = [
      ...selectorRelabels(monitor.spec.selector),
      {
        action: 'keep',
        source_labels: ['__meta_kubernetes_pod_container_port_name'],
        regex: escapeRegex(endpoint.port),
      },
      {
        action: 'drop',
        source_labels: ['__meta_kubernetes_pod_phase'],
        regex: '(Failed|Succeeded)',
      },
      { source_labels: ['__meta_kubernetes_namespace'], target_label: 'namespace' },
      { source_labels: ['__meta_kubernetes_pod_container_name'], target_label: 'container' },
      { source_labels: ['__meta_kubernetes_pod_name'], target_label: 'pod' },
      ...(monitor.spec.podTargetLabels ?? []).map((label) => ({
        source_labels: [labelSource(label)],
        target_label: sanitize(label),
        regex: '(.+)',
        replacement: '${1}',
      })),
      { target_label: 'job', replacement: `${namespace}/${name}` },
      { target_label: 'endpoint', replacement: endpoint.port },
    ];
    const authorization = endpoint.authorization;
    return {
      job_name: `podMonitor/${namespace}/${name}/${index}`,
      honor_labels: false,
      kubernetes_sd_configs: [{ role: 'pod', namespaces: { names: [namespace] } }],
      ...(endpoint.interval ? { scrape_interval: endpoint.interval } : {}),
      metrics_path: endpoint.path ?? '/metrics',
      ...(authorization
        ? {
            authorization: {
              type: authorization.type ?? 'Bearer',
              credentials_file: credentialsFile(
                authorization.credentials.name,
                authorization.credentials.key,
              ),
            },
          }
        : {}),
      relabel_configs,
    };
  });
}

/** Prometheus' configuration: the scrape jobs, and the rule files it evaluates every 30 s. */
export function prometheusConfig(scrapeConfigs: ScrapeConfig[], ruleFiles: string[]): object {
  return {
    global: { scrape_interval: '30s', evaluation_interval: '30s' },
    rule_files: ruleFiles,
    scrape_configs: scrapeConfigs,
  };
}

/** A PrometheusRule's rule file, as the operator writes it for Prometheus. */
export const ruleFile = (rule: PrometheusRule): object => ({ groups: rule.spec.groups });
