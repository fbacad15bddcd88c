/**
 * `npm run cluster:up`: a one-node Kubernetes cluster in .data/cluster/, left running, its
 * kubeconfig at .data/cluster/kubeconfig (`source .data/cluster/env` sets KUBECONFIG and
 * KUBECACHEDIR). Running it again while the cluster runs starts nothing. The product's images
 * (npm run images) are imported into its containerd. See docs/adr/0015-one-node-cluster.md.
 */
import path from 'node:path';
import { clusterUp } from './lib/cluster/cluster';
import { installProduct } from './lib/cluster/product';
import { REPO_ROOT } from './lib/ports';

const CLUSTER_DIR = path.join(REPO_ROOT, '.data', 'cluster');

const log = (line: string) => process.stdout.write(`[cluster] ${line}\n`);

async function main(): Promise<void> {
  const started = Date.now();
  const cluster = await clusterUp(CLUSTER_DIR, log);
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
