const preset = require('../../../jest.preset.cjs');

// The one-node cluster's own test: root only, about a minute, so not part of `npm test` (nor of
// the scripts project, which ignores it). Run it with
//   npx jest -c scripts/lib/cluster/jest.config.cjs
module.exports = {
  ...preset(__dirname),
  displayName: 'cluster',
  testMatch: ['<rootDir>/cluster.spec.ts', '<rootDir>/product.spec.ts'],
  globalSetup: undefined,
  globalTeardown: undefined,
};
