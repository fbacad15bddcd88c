const preset = require('../jest.preset.cjs');

// The chart checks render and validate files only: no databases or brokers to start.
module.exports = { ...preset(__dirname), globalSetup: undefined, globalTeardown: undefined };
