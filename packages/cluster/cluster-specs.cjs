// The cluster tests (test/), in the order they run (test-sequencer.cjs): the bare cluster, then
// the product on the shared test cluster (test/test-cluster.ts), its upgrade and rollback, a
// backup and a restore (which stops the product for a while), then the several-node faults, which
// take a worker away from it. The cluster project runs exactly these (jest.cluster.config.cjs);
// the package's own project leaves them out (jest.config.cjs): run there, beside the image build,
// one would bring the shared cluster up early and install the product the cluster project then
// upgrades under its own checks.
module.exports = [
  'cluster.spec.ts',
  'product.spec.ts',
  'upgrade-rollback.spec.ts',
  'backup.spec.ts',
  'several-nodes.spec.ts',
];
