// The system tests: jest specs that drive the running product (the `test` profile's stack that
// `npm test` starts) through its gateway. They are not part of the gateway's own jest project
// (gateway/jest.config.cjs ignores this folder); `npm test` runs them with this config once the
// stack is up: `jest -c gateway/test/system/jest.config.cjs`. See support/system-env.ts.
const preset = require('../../../jest.preset.cjs');

module.exports = {
  ...preset(__dirname),
  displayName: 'system',
  testMatch: ['<rootDir>/**/*.spec.ts'],
  // The stack brings its own infrastructure: no jest-started FerretDB, NATS or Redis.
  globalSetup: undefined,
  globalTeardown: undefined,
  testTimeout: 60000,
  // One file at a time: the stack shares the machine's two cores with the test process.
  maxWorkers: 1,
};
