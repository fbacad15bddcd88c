const preset = require('../../../../jest.preset.cjs');

// The index check of the query log the product wrote while the system tests and Playwright ran
// (docs/adr/0027-index-coverage.md): run by `npm test` after them, not by the runner's own project
// (packages/runner/jest.config.cjs), which ignores it. Alone, it checks the last run's log against the test FerretDB's indexes (the
// preset's global setup starts FerretDB on the last run's data if it is not running):
//   npx jest -c packages/runner/src/index-coverage/jest.config.cjs
module.exports = {
  ...preset(__dirname),
  displayName: 'index-coverage',
  testMatch: ['<rootDir>/system-queries.spec.ts'],
};
