const preset = require('../jest.preset.cjs');

// The runner's own tests sit next to the modules they check (scripts/**/*.spec.ts), except the
// clusters' and the index check of the product's query log, which have their own configs
// (scripts/lib/cluster/jest.config.cjs, scripts/lib/index-coverage/jest.config.cjs).
module.exports = {
  ...preset(__dirname),
  testMatch: ['<rootDir>/**/*.spec.ts'],
  testPathIgnorePatterns: [
    '/node_modules/',
    '<rootDir>/lib/cluster/cluster.spec.ts',
    '<rootDir>/lib/cluster/product.spec.ts',
    '<rootDir>/lib/cluster/upgrade-rollback.spec.ts',
    '<rootDir>/lib/cluster/several-nodes.spec.ts',
    '<rootDir>/lib/index-coverage/system-queries.spec.ts',
  ],
};
