// The cluster tests in a fixed order: the bare cluster, then the product on the shared cluster,
// its upgrade to a grown schema and the rollback, a backup and a restore (which stops the
// product for a while), then the several-node faults, which take a worker away from it
// (test-cluster.ts).
const Sequencer = require('@jest/test-sequencer').default;

const ORDER = [
  'cluster.spec.ts',
  'product.spec.ts',
  'upgrade-rollback.spec.ts',
  'backup.spec.ts',
  'several-nodes.spec.ts',
];
const rank = (test) => {
  const at = ORDER.findIndex((name) => test.path.endsWith(`/${name}`));
  return at === -1 ? ORDER.length : at;
};

module.exports = class ClusterTestSequencer extends Sequencer {
  sort(tests) {
    return [...tests].sort((a, b) => rank(a) - rank(b));
  }
};
