/**
 * Lists or replays dead-lettered events (see docs/adr/0004-events-and-outbox.md):
 *   node dist/events/replay-dead-letter.cli.js list
 *   node dist/events/replay-dead-letter.cli.js replay <sequence>...
 * NATS_URL names the server (default nats://127.0.0.1:4222).
 */
import { connect } from 'nats';
import { listDeadLetters, replayDeadLetter } from './replay-dead-letter';

async function main(args: string[]): Promise<void> {
  const [command, ...sequences] = args;
  if (command !== 'list' && command !== 'replay') {
    throw new Error('Usage: replay-dead-letter list | replay <sequence>...');
  }
  const nc = await connect({ servers: process.env.NATS_URL ?? 'nats://127.0.0.1:4222' });
  try {
    if (command === 'list') {
      for (const letter of await listDeadLetters(nc)) {
        process.stdout.write(`${JSON.stringify(letter)}\n`);
      }
      return;
    }
    for (const sequence of sequences) {
      const subject = await replayDeadLetter(nc, Number(sequence));
      process.stdout.write(`Replayed dead letter ${sequence} on ${subject}\n`);
    }
  } finally {
    await nc.close();
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
