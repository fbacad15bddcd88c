/**
 * The product on the one-node cluster: its images from podman's storage into the node's
 * containerd, and the dependencies of k8s/ (scripts/lib/cluster/dependencies, images built here).
 * See docs/adr/0015-one-node-cluster.md, "The product on the cluster".
 */
import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import fs from 'node:fs';
import path from 'node:path';
import { PRODUCT_IMAGES, productImage, type ImageName } from '../../images';
import type { Cluster } from './cluster';
import { waitFor } from './daemons';
import { buildDependencyImages, DEPENDENCY_IMAGES } from './dependency-images';
import { importPodmanImage } from './podman-images';
import { DNS_IMAGE, ensureImageArchive, importImage } from './images';
import { freePort } from '../infra';
import { REPO_ROOT } from '../ports';
import { ensureTool } from '../tools';
import { readDaemon, isAlive } from './daemons';
import { readRelayPort, relayDaemons, startRelay } from './forward';
import { NETWORK } from './layout';

export const NAMESPACE = 'mcat';
const execFileAsync = promisify(execFile);
const DEPENDENCIES = path.join(__dirname, 'dependencies');

export interface ProductFigures {
  importSeconds: number;
  imported: number;
  unchanged: number;
  /** Each image's `id-<...>` tag in the node's containerd, which the chart is given. */
  idTags: Record<ImageName, string>;
}

export function importProductImages(
  cluster: Cluster,
  log: (line: string) => void = () => undefined,
): ProductFigures {
  const started = Date.now();
  let imported = 0;
  const idTags = {} as Record<ImageName, string>;
  for (const name of Object.keys(PRODUCT_IMAGES) as ImageName[]) {
    const result = importPodmanImage(cluster.layout, productImage(name));
    if (result.imported) imported += 1;
    idTags[name] = result.idTag;
    log(
      `${result.reference} (${result.idTag}): ${result.imported ? 'imported' : 'unchanged'} (${result.seconds.toFixed(1)} s)`,
    );
  }
  const total = Object.keys(PRODUCT_IMAGES).length;
  return {
    importSeconds: (Date.now() - started) / 1000,
    imported,
    unchanged: total - imported,
    idTags,
  };
}

function kubectlOk(cluster: Cluster, args: string[], input?: string): string {
  const result = cluster.kubectl(args, input);
  if (result.status !== 0) {
    throw new Error(`kubectl ${args.join(' ')} failed: ${result.stderr.trim()}`);
  }
  return result.stdout;
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
  for (const reference of Object.values(DEPENDENCY_IMAGES)) {
    const result = importPodmanImage(cluster.layout, reference);
    log(
      `${reference}: ${result.imported ? 'imported' : 'unchanged'} (${result.seconds.toFixed(1)} s)`,
    );
  }
  kubectlOk(cluster, ['apply', '-k', DEPENDENCIES]);
  await waitFor(
    "the dependencies' pods to be Ready",
    () => podsReady(cluster).ready,
    180_000,
    () => undefined,
  );
  return (Date.now() - started) / 1000;
}

/** The cluster's DNS server (dns.yaml), which the chart's service names need. */
export async function installDns(cluster: Cluster): Promise<void> {
  importImage(cluster.layout, ensureImageArchive(DNS_IMAGE));
  kubectlOk(cluster, ['apply', '-f', path.join(__dirname, 'dns.yaml')]);
  kubectlOk(cluster, [
    'rollout',
    'status',
    '-n',
    'kube-system',
    'deployment/cluster-dns',
    '--timeout=120s',
  ]);
}

export const RELEASE = 'mcat-logbook';

/**
 * The values cluster:up adds after values-dev.yaml and values-local-cluster.yaml: each image by its
 * id tag (a rebuilt image rolls its pods), the settings of npm start it honours, and `extra`.
 */
export function environmentValues(
  idTags: Record<ImageName, string>,
  extra: Record<string, Record<string, unknown>> = {},
): Record<string, Record<string, unknown>> {
  const values: Record<string, Record<string, unknown>> = {};
  for (const [name, tag] of Object.entries(idTags)) values[name] = { image: { tag } };
  const gatewayEnv: Record<string, string> = {};
  if (process.env.RATE_LIMIT_EXEMPT_IPS) {
    // Callers on the host reach the gateway through the relay, from the pods' bridge address.
    gatewayEnv.RATE_LIMIT_EXEMPT_IPS = `${process.env.RATE_LIMIT_EXEMPT_IPS},${NETWORK.podGateway}`;
  }
  values.gateway = { ...values.gateway, env: gatewayEnv };
  for (const [key, value] of Object.entries(extra)) {
    values[key] = { ...values[key], ...value };
  }
  return values;
}

/**
 * The JWT key Secret (k8s/dev-jwt-keys.sh), then the chart, waiting for its pods and Jobs. helm
 * runs as a child process awaited, not synchronously, so a client in this process (the upgrade
 * test's health poller) keeps running meanwhile.
 */
export async function installChart(
  cluster: Cluster,
  values: Record<string, unknown>,
  log: (line: string) => void,
): Promise<number> {
  const started = Date.now();
  const env = {
    ...process.env,
    KUBECONFIG: cluster.kubeconfig,
    KUBECACHEDIR: cluster.layout.kubeCache,
    PATH: `${path.dirname(cluster.kubectlBinary)}:${process.env.PATH ?? ''}`,
  };
  execFileSync('sh', [path.join(REPO_ROOT, 'k8s', 'dev-jwt-keys.sh'), NAMESPACE], {
    env,
    stdio: 'pipe',
  });
  const fromEnvironment = path.join(cluster.layout.dir, 'values-environment.yaml');
  fs.writeFileSync(fromEnvironment, JSON.stringify(values));
  const helm = ensureTool('helm', log);
  await execFileAsync(
    helm,
    [
      'upgrade',
      '--install',
      RELEASE,
      path.join(REPO_ROOT, 'helm'),
      '--namespace',
      NAMESPACE,
      '--kubeconfig',
      cluster.kubeconfig,
      '-f',
      path.join(REPO_ROOT, 'helm', 'values-dev.yaml'),
      '-f',
      path.join(__dirname, 'values-local-cluster.yaml'),
      '-f',
      fromEnvironment,
      '--wait',
      '--wait-for-jobs',
      '--timeout',
      '10m',
    ],
    {
      env: {
        ...env,
        HELM_CACHE_HOME: path.join(cluster.layout.dir, 'helm', 'cache'),
        HELM_CONFIG_HOME: path.join(cluster.layout.dir, 'helm', 'config'),
        HELM_DATA_HOME: path.join(cluster.layout.dir, 'helm', 'data'),
      },
    },
  );
  return (Date.now() - started) / 1000;
}

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
    const service = kubectlOk(cluster, [
      'get',
      'service',
      '-n',
      NAMESPACE,
      `${RELEASE}-${component}`,
      '-o',
      'jsonpath={.spec.clusterIP}:{.spec.ports[?(@.name=="http")].port}',
    ]);
    port = await freePort();
    await startRelay(cluster.layout, component, service, port);
  }
  const url = `http://127.0.0.1:${port}`;
  await waitFor(
    `the ${component} through its relay`,
    async () => {
      try {
        return (await fetch(`${url}${readyPath}`)).ok;
      } catch {
        return false;
      }
    },
    60_000,
  );
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
}

/** Everything above in order, on a cluster whose node is Ready; again on a running one, too. */
export async function installProduct(
  cluster: Cluster,
  log: (line: string) => void = () => undefined,
): Promise<ProductInstall> {
  const images = importProductImages(cluster, log);
  log(
    `Product images: ${images.imported} imported, ${images.unchanged} unchanged, in ${images.importSeconds.toFixed(1)} s`,
  );
  await installDns(cluster);
  const dependencySeconds = await installDependencies(cluster, log);
  log(
    `Dependencies (FerretDB, NATS, Redis, SMTP catcher) Ready in ${dependencySeconds.toFixed(1)} s`,
  );
  const helmSeconds = await installChart(cluster, environmentValues(images.idTags), log);
  log(`helm upgrade --install --wait --wait-for-jobs: ${helmSeconds.toFixed(1)} s`);
  const gatewayUrl = await forwardGateway(cluster);
  log(`The product: ${gatewayUrl} (in ${path.join(cluster.layout.dir, 'gateway-url')})`);
  return { ...images, dependencySeconds, helmSeconds, gatewayUrl };
}
