/**
 * `npm test`: lint, type-check, every test suite, the product on a cluster as root; last line
 * `tests: N passed, N failed` (@mcat/runner/test-command, which says how).
 */
import { CLUSTER_FIGURES_FILE } from '@mcat/cluster/cluster-figures';
import { main } from '@mcat/runner/test-command';

void main({ clusterFiguresFile: CLUSTER_FIGURES_FILE }).then((code) => process.exit(code));
