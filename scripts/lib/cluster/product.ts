/**
 * The product on the one-node cluster: its images from podman's storage into the node's
 * containerd, and the dependencies of k8s/ (scripts/lib/cluster/dependencies, images built here).
 * See docs/adr/0015-one-node-cluster.md, "The product on the cluster".
 */
import path from 'node:path';
import { PRODUCT_IMAGES, productImage, type ImageName } from '../../images';
import type { Cluster } from './cluster';
import { waitFor } from './daemons';
import { buildDependencyImages, DEPENDENCY_IMAGES } from './dependency-images';
import { importPodmanImage } from './podman-images';

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
