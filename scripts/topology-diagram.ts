/**
 * `npx tsx scripts/topology-diagram.ts [--write]`: checks (or, with --write, rewrites) the
 * topology diagram of README.md and docs/architecture.md from packages/contracts/src/topology.ts.
 */
import { TOPOLOGY } from '../packages/contracts/src/topology';
import { staleDiagrams, writeDiagrams } from '@mcat/runner/topology/doc-block';

if (process.argv.includes('--write')) {
  const changed = writeDiagrams(TOPOLOGY);
  console.log(changed.length ? `Rewrote ${changed.join(', ')}` : 'Every diagram is up to date');
} else {
  const stale = staleDiagrams(TOPOLOGY);
  for (const line of stale) console.error(line);
  if (stale.length) process.exitCode = 1;
  else console.log('Every diagram is up to date');
}
