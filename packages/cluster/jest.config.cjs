const preset = require('../../jest.preset.cjs');
const CLUSTER_SPECS = require('./cluster-specs.cjs');

// The cluster package's own checks (its unit specs, beside the code), run with every other jest
// project. The cluster tests (test/, cluster-specs.cjs) are left out: root only, they have their
// own configuration, run by `npm test` as its last step (jest.cluster.config.cjs).
module.exports = {
  ...preset(__dirname),
  testPathIgnorePatterns: [
    '/node_modules/',
    ...CLUSTER_SPECS.map((spec) => `<rootDir>/test/${spec}`),
  ],
};
