const preset = require('../jest.preset.cjs');

// The runner's own tests sit next to the modules they check (scripts/**/*.spec.ts), except the
// one-node cluster's, which has its own config (scripts/lib/cluster/jest.config.cjs).
module.exports = {
  ...preset(__dirname),
  testMatch: ['<rootDir>/**/*.spec.ts'],
  testPathIgnorePatterns: [
    '/node_modules/',
    '<rootDir>/lib/cluster/cluster.spec.ts',
    '<rootDir>/lib/cluster/product.spec.ts',
  ],
};
