/**
 * `npm run dead-letters -- list | show <sequence> | replay <sequence>...`: the events a consumer
 * gave up on after its retries, in the single-machine NATS (NATS_URL, else the `start` profile's;
 * NATS_CREDS_FILE for a server that asks for credentials),
 * listed, shown whole, or replayed once their cause is fixed (docs/operations.md). The same command
 * runs in a pod as the service kit's compiled replay-dead-letter.cli.js.
 */
import { deadLettersCommand } from '../packages/service-kit/src/events/dead-letters-command';
import { natsServer } from '../packages/service-kit/src/infra/nats-credentials';
import { infraUrls, START_PROFILE } from '@mcat/runner/ports';

deadLettersCommand(
  process.argv.slice(2),
  natsServer(infraUrls(START_PROFILE).NATS_URL, process.env.NATS_CREDS_FILE || undefined),
  {
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => process.stderr.write(`${line}\n`),
  },
).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(
      `dead-letters failed: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    process.exit(1);
  },
);
