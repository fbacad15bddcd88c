/**
 * The cluster the product's cluster tests share (product.spec.ts, then several-nodes.spec.ts,
 * in that order: test-sequencer.cjs), with the product installed, made once per run in
 * `.test-data/cluster` and removed by the cluster step's global
 * teardown (test-cluster-teardown.ts). MCAT_TEST_CLUSTER_DIR names a cluster of `npm run
 * cluster:up` to run on instead (e.g. .data/cluster), which is kept.
 */
import path from 'node:path';
import { TEST_PROFILE } from '@mcat/runner/ports';
import { clusterUp, type Cluster } from '../src/cluster';
import { installProduct, type ProductInstall } from '../src/product';

/**
 * The test cluster's workers besides node 0: two (three nodes), on which the several-node faults
 * run; `TEST_CLUSTER_WORKERS=0` runs the product's cluster tests on one node, without the faults
 * (jest.config.cjs reads the same variable).
 */
export const TEST_CLUSTER_WORKERS = Number(process.env.TEST_CLUSTER_WORKERS ?? 2);

export const KEPT_CLUSTER_DIR = process.env.MCAT_TEST_CLUSTER_DIR;

export const TEST_CLUSTER_DIR = KEPT_CLUSTER_DIR ?? path.join(TEST_PROFILE.dataDir, 'cluster');

export interface TestCluster {
  cluster: Cluster;
  product: ProductInstall;
  /** From nothing (or from the cluster an earlier spec left) to the product answering. */
  seconds: number;
}

/** The shared cluster, brought up (or found running) with the product installed. */
export async function testCluster(log: (line: string) => void): Promise<TestCluster> {
  const started = Date.now();
  const cluster = await clusterUp(TEST_CLUSTER_DIR, log, { workers: TEST_CLUSTER_WORKERS });
  const product = await installProduct(cluster, log);
  return { cluster, product, seconds: (Date.now() - started) / 1000 };
}
