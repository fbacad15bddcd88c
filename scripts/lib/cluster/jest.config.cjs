const preset = require('../../../jest.preset.cjs');

// The one-node cluster's tests: root only, a few minutes, run by `npm test` as its last step
// after the images are built (not by the scripts project, which ignores them). Alone:
//   npx jest -c scripts/lib/cluster/jest.config.cjs
module.exports = {
  ...preset(__dirname),
  displayName: 'cluster',
  testMatch: ['<rootDir>/cluster.spec.ts', '<rootDir>/product.spec.ts'],
  globalSetup: undefined,
  globalTeardown: undefined,
};
