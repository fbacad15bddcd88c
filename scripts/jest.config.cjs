const preset = require('../jest.preset.cjs');

// The checks of the repository as a whole (its documents, the lint rules) and of the benchmarks'
// helpers, next to them (scripts/**/*.spec.ts). The runner's, the cluster's and the backups' own
// tests are in their packages (packages/runner, packages/cluster, packages/backup).
module.exports = {
  ...preset(__dirname),
  testMatch: ['<rootDir>/**/*.spec.ts'],
};
