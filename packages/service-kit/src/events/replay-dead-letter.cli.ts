/**
 * Lists, shows or replays dead-lettered events (see docs/adr/0004-events-and-outbox.md), in a pod:
 *   node dist/events/replay-dead-letter.cli.js list
 *   node dist/events/replay-dead-letter.cli.js show <sequence>
 *   node dist/events/replay-dead-letter.cli.js replay <sequence>...
 * NATS_URL names the server (default nats://127.0.0.1:4222), NATS_CREDS_FILE the credentials it
 * takes, if any. On one machine: npm run dead-letters.
 */
import { z } from 'zod';
import { envFields, loadConfig } from '../config/env';
import { natsServer } from '../infra/nats-credentials';
import { deadLettersCommand } from './dead-letters-command';

const { NATS_CREDS_FILE } = loadConfig(z.object({ NATS_CREDS_FILE: envFields.NATS_CREDS_FILE }));
const server = natsServer(process.env.NATS_URL ?? 'nats://127.0.0.1:4222', NATS_CREDS_FILE);

deadLettersCommand(process.argv.slice(2), server, {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
}).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
