import { DEAD_LETTER_STREAM } from '@mcat/contracts';
import type { JetStreamManager, NatsConnection } from 'nats';
import { DEAD_LETTER_HEADERS } from './dead-letter';

export interface DeadLetter {
  sequence: number;
  consumer: string;
  subject: string;
  error: string;
  deliveries: string;
  failedAt: string;
  /** The event, as it was published. */
  body: string;
}

/** The dead letters held in the DEADLETTER stream, oldest first. */
export async function listDeadLetters(nc: NatsConnection): Promise<DeadLetter[]> {
  const jsm = await nc.jetstreamManager();
  const { state } = await jsm.streams.info(DEAD_LETTER_STREAM.name);
  const letters: DeadLetter[] = [];
  for (let seq = state.first_seq; state.messages > 0 && seq <= state.last_seq; seq++) {
    const letter = await readDeadLetter(jsm, seq);
    if (letter) letters.push(letter);
  }
  return letters;
}

/** One dead letter by its sequence in the DEADLETTER stream, or null when there is none. */
export async function getDeadLetter(
  nc: NatsConnection,
  sequence: number,
): Promise<DeadLetter | null> {
  return readDeadLetter(await nc.jetstreamManager(), sequence);
}

async function readDeadLetter(jsm: JetStreamManager, seq: number): Promise<DeadLetter | null> {
  const message = await jsm.streams.getMessage(DEAD_LETTER_STREAM.name, { seq }).catch(() => null);
  if (!message) return null;
  const header = (name: string) => message.header.get(name);
  return {
    sequence: seq,
    consumer: header(DEAD_LETTER_HEADERS.consumer),
    subject: header(DEAD_LETTER_HEADERS.subject),
    error: header(DEAD_LETTER_HEADERS.error),
    deliveries: header(DEAD_LETTER_HEADERS.deliveries),
    failedAt: header(DEAD_LETTER_HEADERS.failedAt),
    body: new TextDecoder().decode(message.data),
  };
}

/**
 * Puts a dead-lettered event back on its original subject, once its cause is fixed, and removes the
 * dead letter. Every consumer of the subject receives it again; the ones that handled it before
 * drop it by its event id, so only the consumer that gave up runs its handler.
 */
export async function replayDeadLetter(nc: NatsConnection, sequence: number): Promise<string> {
  const jsm = await nc.jetstreamManager();
  const message = await jsm.streams.getMessage(DEAD_LETTER_STREAM.name, { seq: sequence });
  const subject = message.header.get(DEAD_LETTER_HEADERS.subject);
  if (!subject) {
    throw new Error(`Dead letter ${sequence} has no ${DEAD_LETTER_HEADERS.subject} header`);
  }
  await nc.jetstream().publish(subject, message.data, {
    msgID: `replay:${DEAD_LETTER_STREAM.name}:${sequence}`,
  });
  await jsm.streams.deleteMessage(DEAD_LETTER_STREAM.name, sequence);
  return subject;
}
