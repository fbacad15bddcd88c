/** The cluster step's global teardown: removes the shared test cluster (test-cluster.ts). */
import { clusterDown } from '../src/cluster';
import { KEPT_CLUSTER_DIR, TEST_CLUSTER_DIR } from './test-cluster';

export default async function teardown(): Promise<void> {
  if (KEPT_CLUSTER_DIR) return;
  await clusterDown(TEST_CLUSTER_DIR, (line) =>
    process.stdout.write(`[cluster teardown] ${line}\n`),
  );
}
