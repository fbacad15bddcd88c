/**
 * Lists, shows or replays dead-lettered events (see docs/adr/0004-events-and-outbox.md), in a pod:
 *   node dist/events/replay-dead-letter.cli.js list
 *   node dist/events/replay-dead-letter.cli.js show <sequence>
 *   node dist/events/replay-dead-letter.cli.js replay <sequence>...
 * NATS_URL names the server (default nats://127.0.0.1:4222). On one machine: npm run dead-letters.
 */
import { deadLettersCommand } from './dead-letters-command';

deadLettersCommand(process.argv.slice(2), process.env.NATS_URL ?? 'nats://127.0.0.1:4222', {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
}).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
