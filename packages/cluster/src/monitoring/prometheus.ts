/**
 * Prometheus on the cluster, as an ops team's monitoring stack would watch the release: the
 * Prometheus Operator's CRDs installed (so the chart's PodMonitor and PrometheusRule are accepted
 * and stored by the API server), then a Prometheus in the namespace `monitoring` configured from
 * those two objects as read back from the API server (scrape-config.ts does the operator's
 * translation), scraping with a copy of the metrics Secret they name. Prometheus is built from its
 * Go module (a tool of GO_TOOLS) and packed as an image like CoreDNS (images.ts); its API is
 * reached from the host through a relay. See docs/adr/0033-prometheus-on-the-test-cluster.md.
 */
import { createHash } from 'node:crypto';
import { stringify } from 'yaml';
import { GO_TOOLS } from '@mcat/runner/tools';
import { kubectlOk, type Cluster } from '../cluster';
import { installCustomResources } from '../custom-resources';
import { readRelayPort, startRelay, waitForAnswer } from '../forward';
import { ensureImageArchive, importImage, type GoImage } from '../images';
import { freePort } from '@mcat/runner/infra';
import {
  podMonitorScrapeConfigs,
  prometheusConfig,
  ruleFile,
  type PodMonitor,
  type PrometheusRule,
} from './scrape-config';

export const PROMETHEUS_IMAGE: GoImage = {
  program: 'prometheus',
  tool: 'prometheus',
  reference: `localhost/prometheus:${GO_TOOLS.prometheus.version}`,
  user: 65534,
};

export const MONITORING_NAMESPACE = 'monitoring';
const NAME = 'prometheus';
const LABELS = { 'app.kubernetes.io/name': NAME };
const CONFIG_DIR = '/etc/prometheus/config';
const secretDir = (secret: string) => `/etc/prometheus/secrets/${secret}`;

interface KubeList<T> {
  items: T[];
}

/** The Prometheus Operator's PodMonitor and PrometheusRule definitions, on the API server. */
export function installMonitoringCrds(cluster: Cluster): void {
  installCustomResources(cluster, 'monitoring.coreos.com', ['podmonitors', 'prometheusrules']);
}

/** The objects Prometheus runs as: the translation of `monitors` and `rules`, and `secrets`. */
export function prometheusObjects(
  namespace: string,
  monitors: PodMonitor[],
  rules: PrometheusRule[],
  secrets: Record<string, Record<string, string>>,
): object[] {
  const config = stringify(
    prometheusConfig(
      monitors.flatMap((monitor) =>
        podMonitorScrapeConfigs(monitor, (secret, key) => `${secretDir(secret)}/${key}`),
      ),
      rules.map((rule) => `${CONFIG_DIR}/${rule.metadata.name}.rules.yaml`),
    ),
  );
  const configData: Record<string, string> = { 'prometheus.yml': config };
  for (const rule of rules)
    configData[`${rule.metadata.name}.rules.yaml`] = stringify(ruleFile(rule));
  const checksum = createHash('sha256')
    .update(JSON.stringify([configData, secrets]))
    .digest('hex');
  const meta = (name: string, ns: string = MONITORING_NAMESPACE) => ({
    name,
    namespace: ns,
    labels: LABELS,
  });
  return [
    { apiVersion: 'v1', kind: 'Namespace', metadata: { name: MONITORING_NAMESPACE } },
    { apiVersion: 'v1', kind: 'ServiceAccount', metadata: meta(NAME) },
    {
      apiVersion: 'rbac.authorization.k8s.io/v1',
      kind: 'Role',
      metadata: meta('prometheus-scrape', namespace),
      rules: [{ apiGroups: [''], resources: ['pods'], verbs: ['get', 'list', 'watch'] }],
    },
    {
      apiVersion: 'rbac.authorization.k8s.io/v1',
      kind: 'RoleBinding',
      metadata: meta('prometheus-scrape', namespace),
      roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'Role', name: 'prometheus-scrape' },
      subjects: [{ kind: 'ServiceAccount', name: NAME, namespace: MONITORING_NAMESPACE }],
    },
    { apiVersion: 'v1', kind: 'ConfigMap', metadata: meta(NAME), data: configData },
    ...Object.entries(secrets).map(([name, data]) => ({
      apiVersion: 'v1',
      kind: 'Secret',
      metadata: meta(`scrape-${name}`),
      stringData: data,
    })),
    {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: meta(NAME),
      spec: {
        replicas: 1,
        strategy: { type: 'Recreate' },
        selector: { matchLabels: LABELS },
        template: {
          metadata: { labels: LABELS, annotations: { 'checksum/config': checksum } },
          spec: {
            serviceAccountName: NAME,
            // Its image is imported into node 0's containerd only.
            nodeSelector: { 'kubernetes.io/hostname': 'mcat-node' },
            securityContext: {
              runAsNonRoot: true,
              runAsUser: PROMETHEUS_IMAGE.user,
              runAsGroup: PROMETHEUS_IMAGE.user,
              fsGroup: PROMETHEUS_IMAGE.user,
              seccompProfile: { type: 'RuntimeDefault' },
            },
            containers: [
              {
                name: NAME,
                image: PROMETHEUS_IMAGE.reference,
                imagePullPolicy: 'Never',
                args: [
                  `--config.file=${CONFIG_DIR}/prometheus.yml`,
                  '--storage.tsdb.path=/data',
                  '--storage.tsdb.retention.time=1d',
                  '--web.listen-address=:9090',
                ],
                ports: [{ name: 'http', containerPort: 9090 }],
                readinessProbe: { httpGet: { path: '/-/ready', port: 'http' }, periodSeconds: 2 },
                securityContext: {
                  allowPrivilegeEscalation: false,
                  readOnlyRootFilesystem: true,
                  capabilities: { drop: ['ALL'] },
                },
                volumeMounts: [
                  { name: 'config', mountPath: CONFIG_DIR, readOnly: true },
                  { name: 'data', mountPath: '/data' },
                  ...Object.keys(secrets).map((secret) => ({
                    name: `secret-${secret}`,
                    mountPath: secretDir(secret),
                    readOnly: true,
                  })),
                ],
              },
            ],
            volumes: [
              { name: 'config', configMap: { name: NAME } },
              { name: 'data', emptyDir: {} },
              ...Object.keys(secrets).map((secret) => ({
                name: `secret-${secret}`,
                secret: { secretName: `scrape-${secret}` },
              })),
            ],
          },
        },
      },
    },
    {
      apiVersion: 'v1',
      kind: 'Service',
      metadata: meta(NAME),
      spec: { selector: LABELS, ports: [{ name: 'http', port: 9090, targetPort: 'http' }] },
    },
  ];
}

/** The keys of the Secrets a PodMonitor's endpoints authorize with, read from `namespace`. */
function scrapeSecrets(
  cluster: Cluster,
  namespace: string,
  monitors: PodMonitor[],
): Record<string, Record<string, string>> {
  const secrets: Record<string, Record<string, string>> = {};
  for (const monitor of monitors) {
    for (const endpoint of monitor.spec.podMetricsEndpoints) {
      const credentials = endpoint.authorization?.credentials;
      if (!credentials) continue;
      const encoded = kubectlOk(cluster, [
        ...['get', 'secret', '-n', namespace, credentials.name],
        ...['-o', `go-template={{index .data "${credentials.key}"}}`],
      ]);
      (secrets[credentials.name] ??= {})[credentials.key] = Buffer.from(encoded, 'base64').toString(
        'utf8',
      );
    }
  }
  return secrets;
}

/**
 * Prometheus for the monitors and rules of `namespace`, as the API server holds them: applied,
 * rolled out, and reached through a relay. Answers its URL on the host.
 */
export async function installPrometheus(cluster: Cluster, namespace: string): Promise<string> {
  importImage(cluster.layout, ensureImageArchive(PROMETHEUS_IMAGE));
  const monitors = (
    JSON.parse(
      kubectlOk(cluster, ['get', 'podmonitors', '-n', namespace, '-o', 'json']),
    ) as KubeList<PodMonitor>
  ).items;
  const rules = (
    JSON.parse(
      kubectlOk(cluster, ['get', 'prometheusrules', '-n', namespace, '-o', 'json']),
    ) as KubeList<PrometheusRule>
  ).items;
  const objects = prometheusObjects(
    namespace,
    monitors,
    rules,
    scrapeSecrets(cluster, namespace, monitors),
  );
  kubectlOk(
    cluster,
    ['apply', '-f', '-'],
    JSON.stringify({ apiVersion: 'v1', kind: 'List', items: objects }),
  );
  kubectlOk(cluster, [
    ...['rollout', 'status', '-n', MONITORING_NAMESPACE, `deployment/${NAME}`],
    '--timeout=120s',
  ]);
  const clusterIp = kubectlOk(cluster, [
    ...['get', 'service', '-n', MONITORING_NAMESPACE, NAME],
    ...['-o', 'jsonpath={.spec.clusterIP}'],
  ]);
  const port = readRelayPort(cluster.layout, NAME) ?? (await freePort());
  await startRelay(cluster.layout, NAME, `${clusterIp}:9090`, port);
  const url = `http://127.0.0.1:${port}`;
  await waitForAnswer('Prometheus through its relay', `${url}/-/ready`);
  return url;
}
