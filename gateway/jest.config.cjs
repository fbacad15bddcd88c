const preset = require('../jest.preset.cjs');

module.exports = {
  ...preset(__dirname),
  // The system tests drive the running product; `npm test` runs them with their own config once
  // the stack is up (test/system/jest.config.cjs).
  testPathIgnorePatterns: ['/node_modules/', '<rootDir>/test/system/'],
};
