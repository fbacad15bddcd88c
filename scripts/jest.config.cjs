const preset = require('../jest.preset.cjs');

// The runner's own tests sit next to the modules they check (scripts/**/*.spec.ts).
module.exports = { ...preset(__dirname), testMatch: ['<rootDir>/**/*.spec.ts'] };
