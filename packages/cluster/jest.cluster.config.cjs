const path = require('node:path');
const preset = require('../../jest.preset.cjs');
const CLUSTER_SPECS = require('./cluster-specs.cjs');

// The cluster tests: root only, run by `npm test` as its last step after the images are built
// (not by the cluster package's own project, jest.config.cjs, which ignores them): those of
// cluster-specs.cjs, in test/, in its order (test-sequencer.cjs). Alone:
//   npx jest -c packages/cluster/jest.cluster.config.cjs
// TEST_CLUSTER_WORKERS=0 runs the product's on one node and leaves the faults out (test-cluster.ts).
module.exports = {
  ...preset(__dirname),
  displayName: 'cluster',
  testMatch: CLUSTER_SPECS.filter(
    (spec) => spec !== 'several-nodes.spec.ts' || Number(process.env.TEST_CLUSTER_WORKERS ?? 2) > 0,
  ).map((spec) => `<rootDir>/test/${spec}`),
  testSequencer: path.join(__dirname, 'test-sequencer.cjs'),
  globalSetup: undefined,
  globalTeardown: path.join(__dirname, 'test', 'test-cluster-teardown.ts'),
};
