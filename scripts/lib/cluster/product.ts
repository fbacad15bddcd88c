/**
 * The product on the one-node cluster: its images from podman's storage into the node's
 * containerd, and the dependencies of k8s/ (scripts/lib/cluster/dependencies, images built here).
 * See docs/adr/0015-one-node-cluster.md, "The product on the cluster".
 */
import { execFileSync } from 'node:child_process';
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
import { startDaemon, readDaemon, isAlive, stopDaemon } from './daemons';

export const NAMESPACE = 'mcat';
const DEPENDENCIES = path.join(__dirname, 'dependencies');

export interface ProductFigures {
  importSeconds: number;
  imported: number;
  unchanged: number;
}

export function importProductImages(
  cluster: Cluster,
  log: (line: string) => void = () => undefined,
): ProductFigures {
  const started = Date.now();
  let imported = 0;
  for (const name of Object.keys(PRODUCT_IMAGES) as ImageName[]) {
    const result = importPodmanImage(cluster.layout, productImage(name));
    if (result.imported) imported += 1;
    log(
      `${result.reference}: ${result.imported ? 'imported' : 'unchanged'} (${result.seconds.toFixed(1)} s)`,
    );
  }
  const total = Object.keys(PRODUCT_IMAGES).length;
  return {
    importSeconds: (Date.now() - started) / 1000,
    imported,
    unchanged: total - imported,
  };
}

function kubectlOk(cluster: Cluster, args: string[], input?: string): string {
  const result = cluster.kubectl(args, input);
  if (result.status !== 0) {
    throw new Error(`kubectl ${args.join(' ')} failed: ${result.stderr.trim()}`);
  }
  return result.stdout;
}

/** Every pod of the namespace Ready, none failed; their names and restart counts otherwise. */
export function podsReady(cluster: Cluster): { ready: boolean; summary: string } {
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
  const summary = running
    .map((pod) => {
      const restarts = (pod.status.containerStatuses ?? []).reduce(
        (sum, status) => sum + status.restartCount,
        0,
      );
      return `${pod.metadata.name} ${pod.status.phase} restarts=${restarts}`;
    })
    .join(', ');
  return { ready: running.length > 0 && ready, summary };
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

/** The JWT key Secret (k8s/dev-jwt-keys.sh), then the chart, waiting for its pods and Jobs. */
export function installChart(cluster: Cluster, log: (line: string) => void): number {
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
  const gatewayEnv: Record<string, string> = {};
  if (process.env.RATE_LIMIT_EXEMPT_IPS) {
    gatewayEnv.RATE_LIMIT_EXEMPT_IPS = process.env.RATE_LIMIT_EXEMPT_IPS;
  }
  fs.writeFileSync(fromEnvironment, JSON.stringify({ gateway: { env: gatewayEnv } }));
  const helm = ensureTool('helm', log);
  execFileSync(
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
      stdio: 'pipe',
    },
  );
  return (Date.now() - started) / 1000;
}

/** `kubectl port-forward` of the gateway's Service to a free loopback port, in gateway-url. */
export async function forwardGateway(cluster: Cluster): Promise<string> {
  const file = path.join(cluster.layout.dir, 'gateway-url');
  const record = readDaemon(cluster.layout, 'gateway-forward');
  if (record && isAlive(record) && fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  await stopDaemon(cluster.layout, 'gateway-forward');
  const port = await freePort();
  startDaemon(cluster.layout, 'gateway-forward', [
    cluster.kubectlBinary,
    `--kubeconfig=${cluster.kubeconfig}`,
    `--cache-dir=${cluster.layout.kubeCache}`,
    'port-forward',
    '-n',
    NAMESPACE,
    '--address',
    '127.0.0.1',
    `service/${RELEASE}-gateway`,
    `${port}:http`,
  ]);
  const url = `http://127.0.0.1:${port}`;
  await waitFor(
    'the gateway through its port-forward',
    async () => {
      try {
        return (await fetch(`${url}/api/health`)).ok;
      } catch {
        return false;
      }
    },
    60_000,
  );
  fs.writeFileSync(file, `${url}\n`);
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
  const helmSeconds = installChart(cluster, log);
  log(`helm upgrade --install --wait --wait-for-jobs: ${helmSeconds.toFixed(1)} s`);
  const gatewayUrl = await forwardGateway(cluster);
  log(`The product: ${gatewayUrl} (in ${path.join(cluster.layout.dir, 'gateway-url')})`);
  return { ...images, dependencySeconds, helmSeconds, gatewayUrl };
}
