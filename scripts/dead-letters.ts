/**
 * `npm run dead-letters -- list | show <sequence> | replay <sequence>...`: the events a consumer
 * gave up on after its retries, in the single-machine NATS (NATS_URL, else the `start` profile's),
 * listed, shown whole, or replayed once their cause is fixed (docs/operations.md). The same command
 * runs in a pod as the service kit's compiled replay-dead-letter.cli.js.
 */
import { deadLettersCommand } from '../packages/service-kit/src/events/dead-letters-command';
import { infraUrls, START_PROFILE } from './lib/ports';

deadLettersCommand(process.argv.slice(2), infraUrls(START_PROFILE).NATS_URL, {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
}).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(
      `dead-letters failed: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    process.exit(1);
  },
);
