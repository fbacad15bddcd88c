const preset = require('../jest.preset.cjs');
const CLUSTER_SPECS = require('./lib/cluster/cluster-specs.cjs');

// The runner's own tests sit next to the modules they check (scripts/**/*.spec.ts), except the
// clusters' and the index check of the product's query log, which have their own configs
// (scripts/lib/cluster/jest.config.cjs, scripts/lib/index-coverage/jest.config.cjs).
module.exports = {
  ...preset(__dirname),
  testMatch: ['<rootDir>/**/*.spec.ts'],
  testPathIgnorePatterns: [
    '/node_modules/',
    ...CLUSTER_SPECS.map((spec) => `<rootDir>/lib/cluster/${spec}`),
    '<rootDir>/lib/index-coverage/system-queries.spec.ts',
  ],
};
