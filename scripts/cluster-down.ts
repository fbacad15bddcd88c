/**
 * `npm run cluster:down`: stops the cluster `npm run cluster:up` made and removes every process,
 * mount, cgroup folder, network namespace and file of it, also after a crash.
 */
import path from 'node:path';
import { clusterDown } from '@mcat/cluster/cluster';
import { REPO_ROOT } from '@mcat/runner/ports';

const CLUSTER_DIR = path.join(REPO_ROOT, '.data', 'cluster');

const log = (line: string) => process.stdout.write(`[cluster] ${line}\n`);

clusterDown(CLUSTER_DIR, log)
  .then(() => log(`Removed ${path.relative(REPO_ROOT, CLUSTER_DIR)}.`))
  .catch((error: unknown) => {
    process.stderr.write(`[cluster] ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
