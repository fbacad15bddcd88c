// The cluster tests in the fixed order of cluster-specs.cjs.
const Sequencer = require('@jest/test-sequencer').default;

const ORDER = require('./cluster-specs.cjs');
const rank = (test) => {
  const at = ORDER.findIndex((name) => test.path.endsWith(`/${name}`));
  return at === -1 ? ORDER.length : at;
};

module.exports = class ClusterTestSequencer extends Sequencer {
  sort(tests) {
    return [...tests].sort((a, b) => rank(a) - rank(b));
  }
};
