const preset = require('../../jest.preset.cjs');

// The runner's own tests: unit specs beside the modules they check (src/), those against real
// infrastructure in test/. The index check of the product's query log has its own configuration
// (src/index-coverage/jest.config.cjs), run by `npm test` after the system tests.
module.exports = {
  ...preset(__dirname),
  testPathIgnorePatterns: ['/node_modules/', '<rootDir>/src/index-coverage/system-queries.spec.ts'],
};
