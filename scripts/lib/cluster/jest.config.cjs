const path = require('node:path');
const preset = require('../../../jest.preset.cjs');

// The cluster tests: root only, run by `npm test` as its last step after the images are built
// (not by the scripts project, which ignores them): the bare one-node cluster, then the product
// on the shared test cluster (test-cluster.ts), its upgrade and rollback, a backup and a restore,
// in that order (test-sequencer.cjs), then the three-node faults (several-nodes.spec.ts). Alone:
//   npx jest -c scripts/lib/cluster/jest.config.cjs
// TEST_CLUSTER_WORKERS=0 runs the product's on one node and leaves the faults out (test-cluster.ts).
module.exports = {
  ...preset(__dirname),
  displayName: 'cluster',
  testMatch: [
    '<rootDir>/cluster.spec.ts',
    '<rootDir>/product.spec.ts',
    '<rootDir>/upgrade-rollback.spec.ts',
    '<rootDir>/backup.spec.ts',
    ...(Number(process.env.TEST_CLUSTER_WORKERS ?? 2) > 0
      ? ['<rootDir>/several-nodes.spec.ts']
      : []),
  ],
  testSequencer: path.join(__dirname, 'test-sequencer.cjs'),
  globalSetup: undefined,
  globalTeardown: path.join(__dirname, 'test-cluster-teardown.ts'),
};
