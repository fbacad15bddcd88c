/**
 * Lists, shows or replays the events a service's outbox relay could not publish (see
 * outbox-dead-letters.ts and docs/operations.md):
 *   outbox-dead-letters list
 *   outbox-dead-letters show <event id>
 *   outbox-dead-letters replay <event id>...
 * MONGO_URL names the service's database (e.g. mongodb://127.0.0.1:27117/mcat_tests); NATS_URL the
 * server to replay to (default nats://127.0.0.1:4222) and NATS_CREDS_FILE its credentials, if any; EVENT_STREAM_REPLICAS the replicas of a
 * stream it has to create (default 1).
 */
import mongoose from 'mongoose';
import { connect } from 'nats';
import { z } from 'zod';
import { envFields, parseConfig } from '../config/env';
import { encodeEnvelope } from '../events/event-envelope';
import { ensureEventStreams } from '../events/event-streams';
import { natsServer } from '../infra/nats-credentials';
import {
  listOutboxDeadLetters,
  outboxDeadLetters,
  replayOutboxDeadLetter,
} from './outbox-dead-letters';

const USAGE = 'Usage: outbox-dead-letters list | show <event id> | replay <event id>...';

async function main(args: string[]): Promise<void> {
  const [command, ...ids] = args;
  if (!['list', 'show', 'replay'].includes(command ?? '')) throw new Error(USAGE);
  const mongoUrl = process.env.MONGO_URL;
  if (!mongoUrl) throw new Error('MONGO_URL must name the service database, e.g. .../mcat_tests');
  const connection = await mongoose.createConnection(mongoUrl).asPromise();
  const db = connection.db;
  try {
    if (!db) throw new Error(`No database at ${mongoUrl}`);
    if (command === 'list') {
      for (const letter of await listOutboxDeadLetters(db)) {
        process.stdout.write(`${JSON.stringify(letter)}\n`);
      }
      return;
    }
    if (command === 'show') {
      for (const id of ids) {
        const letter = await outboxDeadLetters(db).findOne({ _id: id });
        process.stdout.write(`${JSON.stringify(letter ?? { id, found: false }, null, 2)}\n`);
      }
      return;
    }
    const { EVENT_STREAM_REPLICAS, NATS_CREDS_FILE } = parseConfig(
      z.object({
        EVENT_STREAM_REPLICAS: envFields.EVENT_STREAM_REPLICAS,
        NATS_CREDS_FILE: envFields.NATS_CREDS_FILE,
      }),
    );
    const nc = await connect(
      natsServer(process.env.NATS_URL ?? 'nats://127.0.0.1:4222', NATS_CREDS_FILE),
    );
    try {
      await ensureEventStreams(await nc.jetstreamManager(), { replicas: EVENT_STREAM_REPLICAS });
      const js = nc.jetstream();
      for (const id of ids) {
        const subject = await replayOutboxDeadLetter(
          db,
          (envelope) =>
            js.publish(envelope.subject, encodeEnvelope(envelope), { msgID: envelope.id }),
          id,
        );
        process.stdout.write(`Replayed outbox dead letter ${id} on ${subject}\n`);
      }
    } finally {
      await nc.close();
    }
  } finally {
    await connection.close();
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
