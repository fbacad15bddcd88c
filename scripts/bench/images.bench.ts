/**
 * `npm run bench` part for the deployment (issue 14): the size of each product image in podman's
 * storage (npm run images builds them; npm test does too) with the bases they start from, and the
 * figures of the last cluster test (`npm test`'s last step, packages/cluster/test/product.spec.ts)
 * against the issue's targets: helm install --wait under 90 s, zero restarts, zero failed polls
 * during the upgrade; an upgrade adding a field and an index and its rollback under load, and
 * the three-node cluster's faults under load (issue 27): failed requests, lost keyed creates and
 * the time to recover. Reports and never fails; an image not
 * built yet is said so.
 */
import {
  readClusterFigures,
  type FaultFigure,
  type ReleaseChangeFigure,
} from '@mcat/cluster/cluster-figures';
import {
  BUILD_IMAGE,
  imageExists,
  imageSize,
  NODE_IMAGE,
  PRODUCT_IMAGES,
  productImage,
  WEB_IMAGE,
  type ImageName,
} from '@mcat/runner/images';

const TARGET_HELM_INSTALL_S = 90;

const print = (line = '') => process.stdout.write(`${line}\n`);

/** The image's size in MiB as podman counts it (all layers), or null if podman lacks it. */
const sizeMiB = (image: string): number | null =>
  imageExists(image) ? imageSize(image) / 2 ** 20 : null;

const shown = (value: number | null) => (value === null ? 'not built' : `${value.toFixed(1)} MiB`);

print('Images (podman image inspect .Size):');
for (const base of [NODE_IMAGE, BUILD_IMAGE, WEB_IMAGE]) {
  print(`  ${base.padEnd(44)} ${shown(sizeMiB(base))}  (base)`);
}
for (const name of Object.keys(PRODUCT_IMAGES) as ImageName[]) {
  print(`  ${productImage(name).padEnd(44)} ${shown(sizeMiB(productImage(name)))}`);
}

const figures = readClusterFigures();
print();
if (!figures) {
  print(
    'Cluster: no figures yet (npm test records them in .test-data/reports/cluster-figures.json).',
  );
} else {
  const seconds = (value: number | undefined) =>
    value === undefined ? 'n/a' : `${value.toFixed(1)} s`;
  print(`Cluster (the last cluster test, ${figures.recordedAt}):`);
  print(`  cluster up (node Ready, policies enforced)   ${seconds(figures.clusterUpSeconds)}`);
  print(`  released to the cluster's registry          ${seconds(figures.releaseSeconds)}`);
  print(`  dependencies Ready                          ${seconds(figures.dependencySeconds)}`);
  const helm = figures.helmInstallSeconds;
  const met =
    helm === undefined
      ? ''
      : helm < TARGET_HELM_INSTALL_S
        ? ' (target < 90 s: met)'
        : ' (target < 90 s: missed)';
  print(`  helm install --wait --wait-for-jobs         ${seconds(helm)}${met}`);
  print(`  restarts after the smoke run                ${figures.restarts ?? 'n/a'} (target 0)`);
  print(
    `  alert firing after a scale to zero          ${seconds(figures.alertFiringSeconds)} (target < 120 s)`,
  );
  if (figures.upgrade) {
    const { helmSeconds, polls, failedPolls } = figures.upgrade;
    print(
      `  helm upgrade of a config value              ${seconds(helmSeconds)}, ${failedPolls} of ${polls} polls of /api/health failed (target 0)`,
    );
  }
  const change = (label: string, figure: ReleaseChangeFigure | undefined) => {
    if (!figure) return;
    print(
      `  ${label.padEnd(43)}${seconds(figure.helmSeconds)}, ${figure.failedPolls} of ${figure.polls} polls and ${figure.failed} of ${figure.requests} requests failed (target 0)`,
    );
  };
  change('upgrade adding a field and an index', figures.schemaUpgrade);
  change('helm rollback from it', figures.rollback);
  const faults = figures.faults ?? {};
  const fault = (label: string, figure: FaultFigure | undefined, target: string) => {
    if (!figure) return;
    const back =
      figure.serviceBackSeconds === undefined
        ? ''
        : `, service back after ${seconds(figure.serviceBackSeconds)}`;
    print(
      `  ${label.padEnd(43)}${figure.failed} of ${figure.requests} requests failed, ${figure.unanswered} keyed creates lost, whole again after ${seconds(figure.seconds)}${back} (${target})`,
    );
  };
  fault('one pod of every Deployment deleted', faults.podDeletion, 'target: 0 failed');
  fault('a worker drained', faults.drain, 'target: 0 failed');
  fault('a worker lost', faults.nodeLoss, 'target: 0 lost, back within 60 s');
}
