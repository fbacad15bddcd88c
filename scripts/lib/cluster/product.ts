/**
 * The product on the one-node cluster: its images from podman's storage into the node's
 * containerd. See docs/adr/0015-one-node-cluster.md, "The product on the cluster".
 */
import { PRODUCT_IMAGES, productImage, type ImageName } from '../../images';
import type { Cluster } from './cluster';
import { importPodmanImage } from './podman-images';

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
