/**
 * The product on the cluster: released into the cluster's registry (npm run release's code: the
 * images npm run images built, pushed by digest, and the chart pinned to them), the dependencies
 * of k8s/ (packages/cluster/src/dependencies, images built here and imported into the nodes'
 * containerd), then the chart installed from the registry. See docs/adr/0015-one-node-cluster.md,
 * "The product on the cluster", and docs/adr/0032-releases-and-the-registry.md.
 */
import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import fs from 'node:fs';
import path from 'node:path';
import { PRODUCT_IMAGES, productImage, type ImageName } from '@mcat/runner/images';
import { applyBackupVolume } from './backup-volume';
import { clusterNodes, kubectlOk, type Cluster } from './cluster';
import { waitFor } from './daemons';
import { buildDependencyImages, DEPENDENCY_IMAGES } from './dependency-images';
import { importPodmanImage } from './podman-images';
import { DNS_IMAGE, ensureImageArchive, importImage } from './images';
import { freePort } from '@mcat/runner/infra';
import { REPO_ROOT } from '@mcat/runner/ports';
import { readChartRelease } from '@mcat/runner/release/chart-release';
import {
  publishRelease,
  pushImage,
  type PublishOptions,
  type Release,
} from '@mcat/runner/release/publish';
import { ensureTool } from '@mcat/runner/tools';
import { readDaemon, isAlive } from './daemons';
import { readRelayPort, relayDaemons, startRelay, waitForAnswer } from './forward';
import { NETWORK } from './layout';
import { installMonitoringCrds, installPrometheus } from './monitoring/prometheus';
import { inNetns } from './netns';
import { REGISTRY_ADDRESS, REGISTRY_PREFIX, registryOnHost } from './registry';
import { applySecuredNatsSecrets } from './secured-nats';
import { forwardTraefik, INGRESS_HOST, installTraefik } from './traefik';

export const NAMESPACE = 'mcat';
const execFileAsync = promisify(execFile);
/**
 * The dependencies' overlay: k8s/ on one node, its NATS with TLS and credentials
 * (secured-nats.ts); a three-member NATS, secured the same way, once there are workers.
 */
const dependencies = (cluster: Cluster) =>
  path.join(__dirname, cluster.workers.length > 0 ? 'dependencies-ha' : 'dependencies');

/**
 * The chart's values on this cluster after values-dev.yaml: its monitoring, the secured NATS's,
 * the backup's, several nodes'.
 */
const clusterValues = (cluster: Cluster) => [
  path.join(__dirname, 'values-monitoring.yaml'),
  path.join(__dirname, 'values-secured-nats.yaml'),
  path.join(__dirname, 'values-backup.yaml'),
  path.join(__dirname, 'values-traefik.yaml'),
  ...(cluster.workers.length > 0 ? [path.join(__dirname, 'values-several-nodes.yaml')] : []),
];

export interface ProductFigures {
  /** The release's seconds: the seven images and the chart pushed to the cluster's registry. */
  releaseSeconds: number;
  /** What the release pushed: each image's reference and digest, the chart's OCI reference. */
  release: Release;
}

/** The release's options for the cluster's registry: its commands run in node 0's namespace. */
const registryOptions = (cluster: Cluster, log: (line: string) => void): PublishOptions => ({
  registry: REGISTRY_PREFIX,
  plainHttp: true,
  helm: ensureTool('helm', log),
  wrap: (argv) => inNetns(cluster.layout, argv),
  env: helmEnv(cluster),
  // Each cluster:up releases the working tree again under the chart's version.
  replace: true,
  log,
});

/**
 * The release of this tree (npm run release) into the cluster's registry: the images npm run
 * images built pushed by digest, the chart pinned to them, in `<cluster>/release/`.
 */
export async function releaseProduct(
  cluster: Cluster,
  log: (line: string) => void = () => undefined,
): Promise<ProductFigures> {
  const started = Date.now();
  const sources = Object.fromEntries(
    (Object.keys(PRODUCT_IMAGES) as ImageName[]).map((name) => [name, productImage(name)]),
  );
  const release = await publishRelease(
    readChartRelease(),
    sources,
    path.join(cluster.layout.dir, 'release'),
    registryOptions(cluster, log),
  );
  return { releaseSeconds: (Date.now() - started) / 1000, release };
}

/** Pushes one more local image to the cluster's registry; answers its digest. */
export function pushToRegistry(
  cluster: Cluster,
  source: string,
  nameAndTag: string,
  log: (line: string) => void = () => undefined,
): Promise<string> {
  return pushImage(source, `${REGISTRY_PREFIX}/${nameAndTag}`, registryOptions(cluster, log));
}

/** Every pod of the namespace Ready, none failed; their names and restarts, and the restarts' sum. */
export function podsReady(cluster: Cluster): { ready: boolean; summary: string; restarts: number } {
  const pods = JSON.parse(kubectlOk(cluster, ['get', 'pods', '-n', NAMESPACE, '-o', 'json'])) as {
    items: {
      metadata: { name: string };
      status: {
        phase: string;
        conditions?: { type: string; status: string }[];
        containerStatuses?: { restartCount: number }[];
      };
    }[];
  };
  const running = pods.items.filter((pod) => pod.status.phase !== 'Succeeded');
  const ready = running.every((pod) =>
    (pod.status.conditions ?? []).some((c) => c.type === 'Ready' && c.status === 'True'),
  );
  const restartsOf = (pod: (typeof running)[number]) =>
    (pod.status.containerStatuses ?? []).reduce((sum, status) => sum + status.restartCount, 0);
  const summary = running
    .map((pod) => `${pod.metadata.name} ${pod.status.phase} restarts=${restartsOf(pod)}`)
    .join(', ');
  const restarts = running.reduce((sum, pod) => sum + restartsOf(pod), 0);
  return { ready: running.length > 0 && ready, summary, restarts };
}

/** The names of the release's running pods (its Deployments'; the migration Jobs' have ended). */
export function releasePods(cluster: Cluster): string[] {
  const names = kubectlOk(cluster, [
    'get',
    'pods',
    '-n',
    NAMESPACE,
    '-l',
    `app.kubernetes.io/instance=${RELEASE}`,
    '--field-selector=status.phase=Running',
    '-o',
    'jsonpath={.items[*].metadata.name}',
  ]);
  return names.split(' ').filter(Boolean).sort();
}

/** Builds and imports the dependencies' images, applies the overlay and waits for their pods. */
export async function installDependencies(
  cluster: Cluster,
  log: (line: string) => void = () => undefined,
): Promise<number> {
  const started = Date.now();
  buildDependencyImages(log);
  for (const [name, reference] of Object.entries(DEPENDENCY_IMAGES)) {
    // Only NATS runs on every node; dependencies-ha/ keeps the single-instance stores on node 0.
    const nodes = name === 'nats' ? clusterNodes(cluster) : [cluster.layout];
    const results = await importPodmanImage(nodes, reference);
    for (const [index, result] of results.entries()) {
      log(
        `${reference} on ${nodes[index]?.node.name}: ${result.imported ? 'imported' : 'unchanged'} (${result.seconds.toFixed(1)} s)`,
      );
    }
  }
  await applySecuredNatsSecrets(cluster, NAMESPACE);
  applyBackupVolume(cluster, NAMESPACE);
  kubectlOk(cluster, ['apply', '-k', dependencies(cluster)]);
  await waitFor(
    "the dependencies' pods to be Ready",
    () => podsReady(cluster).ready,
    180_000,
    () => undefined,
  );
  return (Date.now() - started) / 1000;
}

/** CoreDNS (coredns.yaml), which the chart's service names and the StatefulSets' pod names need. */
export async function installDns(cluster: Cluster): Promise<void> {
  for (const node of clusterNodes(cluster)) importImage(node, ensureImageArchive(DNS_IMAGE));
  // A cluster made before CoreDNS holds the home-made server's Service on the same address.
  kubectlOk(cluster, [
    'delete',
    '-n',
    'kube-system',
    'deployment/cluster-dns',
    'service/cluster-dns',
    'serviceaccount/cluster-dns',
    'clusterrolebinding/cluster-dns',
    'clusterrole/cluster-dns',
    '--ignore-not-found',
  ]);
  kubectlOk(cluster, ['apply', '-f', path.join(__dirname, 'coredns.yaml')]);
  kubectlOk(cluster, [
    'rollout',
    'status',
    '-n',
    'kube-system',
    'deployment/coredns',
    '--timeout=120s',
  ]);
}

export const RELEASE = 'mcat-logbook';

/**
 * The values cluster:up adds after values-dev.yaml (and values-several-nodes.yaml): the settings
 * of npm start it honours, and `extra`. The images are the chart's own: the release pinned them.
 */
export function environmentValues(
  extra: Record<string, Record<string, unknown>> = {},
): Record<string, Record<string, unknown>> {
  const values: Record<string, Record<string, unknown>> = {};
  const gatewayEnv: Record<string, string> = {};
  if (process.env.RATE_LIMIT_EXEMPT_IPS) {
    // Callers on the host reach the gateway through the relay, from the pods' bridge address.
    gatewayEnv.RATE_LIMIT_EXEMPT_IPS = `${process.env.RATE_LIMIT_EXEMPT_IPS},${NETWORK.podGateway}`;
  }
  values.gateway = { env: gatewayEnv };
  for (const [key, value] of Object.entries(extra)) {
    values[key] = { ...values[key], ...value };
  }
  return values;
}

/**
 * The JWT key Secret (k8s/dev-jwt-keys.sh), then the released chart from the cluster's registry
 * (through its relay on the host), waiting for its pods and Jobs; the nodes pull its images by
 * digest.
 */
export async function installChart(
  cluster: Cluster,
  release: Release,
  values: Record<string, unknown>,
  log: (line: string) => void,
): Promise<number> {
  const started = Date.now();
  execFileSync('sh', [path.join(REPO_ROOT, 'k8s', 'dev-jwt-keys.sh'), NAMESPACE], {
    env: kubeEnv(cluster),
    stdio: 'pipe',
  });
  const fromEnvironment = path.join(cluster.layout.dir, 'values-environment.yaml');
  fs.writeFileSync(fromEnvironment, JSON.stringify(values));
  const registry = registryOnHost(cluster.layout);
  if (registry === null) throw new Error('The cluster has no registry: run npm run cluster:up');
  await helm(
    cluster,
    [
      'upgrade',
      '--install',
      RELEASE,
      release.chart.reference.replace(REGISTRY_ADDRESS, registry),
      ...['--version', release.chart.version, '--plain-http'],
      '--namespace',
      NAMESPACE,
      '--kubeconfig',
      cluster.kubeconfig,
      '-f',
      path.join(REPO_ROOT, 'helm', 'values-dev.yaml'),
      ...clusterValues(cluster).flatMap((file) => ['-f', file]),
      '-f',
      fromEnvironment,
      '--wait',
      '--wait-for-jobs',
      '--timeout',
      '10m',
    ],
    log,
  );
  return (Date.now() - started) / 1000;
}

/**
 * `helm rollback` of the release to its previous revision, waiting for its pods as an install
 * does. Helm runs no pre-upgrade hook on a rollback: the migration Jobs do not run, and what the
 * newer revision's migrations added stays (docs/adr/0028).
 */
export async function rollbackChart(
  cluster: Cluster,
  log: (line: string) => void,
): Promise<number> {
  const started = Date.now();
  await helm(
    cluster,
    [
      ...['rollback', RELEASE, '--namespace', NAMESPACE, '--kubeconfig', cluster.kubeconfig],
      ...['--wait', '--wait-for-jobs', '--timeout', '10m'],
    ],
    log,
  );
  return (Date.now() - started) / 1000;
}

/**
 * `helm test` of the release: the chart's release-check Pod, through the gateway's Service
 * (helm/templates/release-check.yaml). Answers its seconds and the Job's log; throws with both
 * when the check fails.
 */
export async function testRelease(
  cluster: Cluster,
  log: (line: string) => void,
): Promise<{ seconds: number; output: string }> {
  const started = Date.now();
  const args = [
    ...['test', RELEASE, '--namespace', NAMESPACE, '--kubeconfig', cluster.kubeconfig],
    ...['--logs', '--timeout', '5m'],
  ];
  try {
    const { stdout } = await helm(cluster, args, log);
    return { seconds: (Date.now() - started) / 1000, output: stdout };
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    // Its log is in the message; a failed pod left behind would keep podsReady false for the
    // tests after this one.
    cluster.kubectl([
      'delete',
      'pod',
      '-n',
      NAMESPACE,
      `${RELEASE}-release-check`,
      '--ignore-not-found',
    ]);
    throw new Error(`helm test failed:\n${stdout}\n${stderr}`);
  }
}

/** kubectl's and helm's environment for the cluster: helm's caches in the cluster's folder. */
const kubeEnv = (cluster: Cluster): NodeJS.ProcessEnv => ({
  ...process.env,
  KUBECONFIG: cluster.kubeconfig,
  KUBECACHEDIR: cluster.layout.kubeCache,
  PATH: `${path.dirname(cluster.kubectlBinary)}:${process.env.PATH ?? ''}`,
});

const helmEnv = (cluster: Cluster): NodeJS.ProcessEnv => ({
  ...kubeEnv(cluster),
  HELM_CACHE_HOME: path.join(cluster.layout.dir, 'helm', 'cache'),
  HELM_CONFIG_HOME: path.join(cluster.layout.dir, 'helm', 'config'),
  HELM_DATA_HOME: path.join(cluster.layout.dir, 'helm', 'data'),
});

/**
 * helm as a child process awaited, not synchronously, so a client in this process (the upgrade
 * tests' pollers) keeps running meanwhile; its caches in the cluster's folder.
 */
async function helm(
  cluster: Cluster,
  args: string[],
  log: (line: string) => void,
): Promise<{ stdout: string; stderr: string }> {
  return execFileAsync(ensureTool('helm', log), args, { env: helmEnv(cluster) });
}

/** A field of a deployable's Service in the release, read with a kubectl jsonpath. */
const serviceField = (cluster: Cluster, component: string, jsonpath: string): string =>
  kubectlOk(cluster, [
    ...['get', 'service', '-n', NAMESPACE, `${RELEASE}-${component}`],
    ...['-o', `jsonpath=${jsonpath}`],
  ]);

/**
 * A Service of the release (its component) on a free loopback port of the host: a relay to its
 * ClusterIP (forward.ts), kept if it already runs. Resolves once `readyPath` answers 200.
 */
export async function forwardService(
  cluster: Cluster,
  component: 'gateway' | 'frontend',
  readyPath: string,
): Promise<string> {
  const running = relayDaemons(component).every((name) => {
    const record = readDaemon(cluster.layout, name);
    return record !== null && isAlive(record);
  });
  let port = readRelayPort(cluster.layout, component);
  if (!running || port === null) {
    const service = serviceField(
      cluster,
      component,
      '{.spec.clusterIP}:{.spec.ports[?(@.name=="http")].port}',
    );
    port = await freePort();
    await startRelay(cluster.layout, component, service, port);
  }
  const url = `http://127.0.0.1:${port}`;
  await waitForAnswer(`the ${component} through its relay`, `${url}${readyPath}`);
  return url;
}

/** The gateway's Service on the host's loopback, its URL written to `<dir>/gateway-url`. */
export async function forwardGateway(cluster: Cluster): Promise<string> {
  const url = await forwardService(cluster, 'gateway', '/api/health');
  fs.writeFileSync(path.join(cluster.layout.dir, 'gateway-url'), `${url}\n`);
  return url;
}

export interface ProductInstall extends ProductFigures {
  dependencySeconds: number;
  helmSeconds: number;
  gatewayUrl: string;
  /**
   * Traefik's relay on the host (traefik.ts): the web app and /api on one address, as
   * `http://<INGRESS_HOST or ROUTE_HOST>:<port>`.
   */
  traefikPort: number;
  /** Prometheus' API on the host (monitoring/prometheus.ts). */
  prometheusUrl: string;
}

/** Everything above in order, on a cluster whose node is Ready; again on a running one, too. */
export async function installProduct(
  cluster: Cluster,
  log: (line: string) => void = () => undefined,
): Promise<ProductInstall> {
  const released = await releaseProduct(cluster, log);
  log(
    `Released ${released.release.chart.reference}:${released.release.version} to the cluster's registry in ${released.releaseSeconds.toFixed(1)} s`,
  );
  await installDns(cluster);
  const dependencySeconds = await installDependencies(cluster, log);
  log(`Dependencies (FerretDB, NATS, Redis, Mailpit) Ready in ${dependencySeconds.toFixed(1)} s`);
  installMonitoringCrds(cluster);
  installTraefik(cluster);
  const helmSeconds = await installChart(cluster, released.release, environmentValues(), log);
  log(`helm upgrade --install --wait --wait-for-jobs: ${helmSeconds.toFixed(1)} s`);
  const gatewayUrl = await forwardGateway(cluster);
  log(`The product: ${gatewayUrl} (in ${path.join(cluster.layout.dir, 'gateway-url')})`);
  const traefikPort = await forwardTraefik(cluster);
  const webUrl = `http://${INGRESS_HOST}:${traefikPort}`;
  fs.writeFileSync(path.join(cluster.layout.dir, 'web-url'), `${webUrl}\n`);
  log(`The web app through Traefik: ${webUrl} (in ${path.join(cluster.layout.dir, 'web-url')})`);
  const prometheusUrl = await installPrometheus(cluster, NAMESPACE);
  fs.writeFileSync(path.join(cluster.layout.dir, 'prometheus-url'), `${prometheusUrl}\n`);
  log(`Prometheus: ${prometheusUrl} (in ${path.join(cluster.layout.dir, 'prometheus-url')})`);
  return {
    ...released,
    dependencySeconds,
    helmSeconds,
    gatewayUrl,
    traefikPort,
    prometheusUrl,
  };
}

/** A pod of the release: its name, node, address, and whether it is Ready. */
export interface ReleasePod {
  name: string;
  node: string;
  ip: string;
  ready: boolean;
}

/** The Running pods of one of the release's deployables (gateway, auth, ...). */
export function componentPods(cluster: Cluster, component: string): ReleasePod[] {
  const pods = JSON.parse(
    kubectlOk(cluster, [
      'get',
      'pods',
      '-n',
      NAMESPACE,
      '-l',
      `app.kubernetes.io/instance=${RELEASE},app.kubernetes.io/component=${component}`,
      '--field-selector=status.phase=Running',
      '-o',
      'json',
    ]),
  ) as {
    items: {
      metadata: { name: string; deletionTimestamp?: string };
      spec: { nodeName: string };
      status: { podIP: string; conditions?: { type: string; status: string }[] };
    }[];
  };
  return pods.items
    .filter((pod) => !pod.metadata.deletionTimestamp)
    .map((pod) => ({
      name: pod.metadata.name,
      node: pod.spec.nodeName,
      ip: pod.status.podIP,
      ready: (pod.status.conditions ?? []).some((c) => c.type === 'Ready' && c.status === 'True'),
    }));
}

/**
 * Each Ready pod of a deployable on a loopback port of its own (a relay to the pod's address, not
 * the Service's): a test picks the replica a request goes to.
 */
export async function forwardPods(
  cluster: Cluster,
  component: 'gateway' | 'frontend',
  readyPath: string,
): Promise<{ pod: ReleasePod; url: string }[]> {
  // The chart's Services expose the containers' own port (service.port) under the name http.
  const targetPort = serviceField(cluster, component, '{.spec.ports[?(@.name=="http")].port}');
  const forwarded = [];
  for (const [index, pod] of componentPods(cluster, component)
    .filter((candidate) => candidate.ready)
    .entries()) {
    const relay = `${component}-pod-${index + 1}`;
    const local = await freePort();
    await startRelay(cluster.layout, relay, `${pod.ip}:${targetPort}`, local);
    const url = `http://127.0.0.1:${local}`;
    await waitForAnswer(`${pod.name} through its relay`, `${url}${readyPath}`);
    forwarded.push({ pod, url });
  }
  return forwarded;
}
