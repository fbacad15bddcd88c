/**
 * `npm run release -- --registry <host[:port]/path> [--plain-http] [--out DIR] [--no-build] [--replace]`:
 * the release of the chart's version (@mcat/runner/release/release-command, which says how).
 */
import { log, main } from '@mcat/runner/release/release-command';

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    log(error instanceof Error ? error.message : String(error));
    process.exit(1);
  },
);
