const path = require('node:path');
const preset = require('../../../jest.preset.cjs');

// The cluster tests: root only, run by `npm test` as its last step after the images are built
// (not by the scripts project, which ignores them): the bare one-node cluster, then the product
// on the shared test cluster (test-cluster.ts) and its upgrade and rollback, in that order
// (test-sequencer.cjs). Alone:
//   npx jest -c scripts/lib/cluster/jest.config.cjs
// The three-node faults (several-nodes.spec.ts) are not in npm test yet (issue 27's note): run
// them with CLUSTER_SPECS=all npx jest -c scripts/lib/cluster/jest.config.cjs several-nodes
module.exports = {
  ...preset(__dirname),
  displayName: 'cluster',
  testMatch: [
    '<rootDir>/cluster.spec.ts',
    '<rootDir>/product.spec.ts',
    '<rootDir>/upgrade-rollback.spec.ts',
    ...(process.env.CLUSTER_SPECS === 'all' ? ['<rootDir>/several-nodes.spec.ts'] : []),
  ],
  testSequencer: path.join(__dirname, 'test-sequencer.cjs'),
  globalSetup: undefined,
  globalTeardown: path.join(__dirname, 'test-cluster-teardown.ts'),
};
