const preset = require('../../../jest.preset.cjs');

// The index check of the query log the product wrote while the system tests and Playwright ran
// (docs/adr/0027-index-coverage.md): run by `npm test` after them, not by the scripts project,
// which ignores it. Alone, it checks the last run's log against the test FerretDB's indexes (the
// preset's global setup starts FerretDB on the last run's data if it is not running):
//   npx jest -c scripts/lib/index-coverage/jest.config.cjs
module.exports = {
  ...preset(__dirname),
  displayName: 'index-coverage',
  testMatch: ['<rootDir>/system-queries.spec.ts'],
};
