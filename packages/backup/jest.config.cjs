const preset = require('../../jest.preset.cjs');

module.exports = preset(__dirname);
