/**
 * `npm run cluster:up`: a Kubernetes cluster in .data/cluster/ of three nodes (node 0 beside the
 * control plane and two workers; `npm run cluster:up -- --workers 0` for one node), left running,
 * its kubeconfig at .data/cluster/kubeconfig (`source .data/cluster/env` sets KUBECONFIG and
 * KUBECACHEDIR), with the product installed on it. Running it again while the cluster runs starts
 * nothing. See docs/adr/0015-one-node-cluster.md and docs/adr/0030-several-nodes.md.
 */
import path from 'node:path';
import { clusterUp } from '@mcat/cluster/cluster';
import { installProduct } from '@mcat/cluster/product';
import { REPO_ROOT } from '@mcat/runner/ports';

const CLUSTER_DIR = path.join(REPO_ROOT, '.data', 'cluster');

const log = (line: string) => process.stdout.write(`[cluster] ${line}\n`);

/** Workers besides node 0: `--workers N` (0 to 4), 2 when not given. */
function workersArgument(argv: string[]): number {
  const at = argv.indexOf('--workers');
  if (at === -1) return 2;
  const value = Number(argv[at + 1]);
  if (!Number.isInteger(value) || value < 0 || value > 4) {
    throw new Error(
      '--workers takes a whole number from 0 to 4, e.g. npm run cluster:up -- --workers 2',
    );
  }
  return value;
}

async function main(): Promise<void> {
  const workers = workersArgument(process.argv.slice(2));
  const started = Date.now();
  const cluster = await clusterUp(CLUSTER_DIR, log, { workers });
  await installProduct(cluster, log);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  log(
    `${cluster.alreadyRunning ? 'Already running' : `Up in ${seconds} s`}: API server ${cluster.url}`,
  );
  log(`kubeconfig: ${cluster.kubeconfig}`);
  log(`Try: source ${path.relative(process.cwd(), cluster.layout.env)} && kubectl get nodes`);
  log('Stop it with npm run cluster:down.');
}

main().catch((error: unknown) => {
  process.stderr.write(`[cluster] ${error instanceof Error ? error.message : String(error)}\n`);
  process.stderr.write(
    '[cluster] Logs are in .data/cluster/logs; npm run cluster:down removes what was started.\n',
  );
  process.exit(1);
});
