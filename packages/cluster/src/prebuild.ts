/**
 * What the clusters build for themselves before they start (Kubernetes' node programs,
 * kube-router, the registry, the Go images of pause, CoreDNS, Prometheus and Traefik, the
 * dependencies' images), built ahead: `node --import tsx packages/cluster/src/prebuild.ts`, which npm test runs
 * after the product images beside its other steps (@mcat/runner/test-command), so that on a new machine its
 * cluster step waits for none of it. Each is kept in the tools cache or podman and built once.
 */
import { ensureKubeTools, ensureTool, KUBE_TOOLS } from '@mcat/runner/tools';
import { buildDependencyImages } from './dependency-images';
import { DNS_IMAGE, ensureImageArchive, PAUSE_IMAGE } from './images';
import { PROMETHEUS_IMAGE } from './monitoring/prometheus';
import { TRAEFIK_IMAGE } from './traefik';

export function prebuildCluster(log: (line: string) => void): void {
  ensureKubeTools(KUBE_TOOLS, log);
  ensureTool('kube-router', log);
  ensureTool('registry', log);
  for (const image of [PAUSE_IMAGE, DNS_IMAGE, PROMETHEUS_IMAGE, TRAEFIK_IMAGE]) {
    log(`${image.reference}: ${ensureImageArchive(image)}`);
  }
  buildDependencyImages(log);
}

if (require.main === module) {
  try {
    prebuildCluster((line) => process.stdout.write(`[prebuild] ${line}\n`));
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
}
