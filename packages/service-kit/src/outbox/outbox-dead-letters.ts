import { EVENT_SUBJECTS, type EventEnvelope, type EventSubject } from '@mcat/contracts';
import type { mongo } from 'mongoose';
import { ErrorCode, NatsError } from 'nats';

/** The collection, in each service's own database, where unpublishable outbox events are kept. */
export const OUTBOX_DEAD_LETTERS = 'outbox_dead_letters';

/**
 * An outbox entry that can never be published as it is, moved out of its document's outbox so it
 * stops blocking the events behind it. `_id` is the event id (or, for an entry too malformed to
 * have one, a generated id), so keeping the same entry twice is one record.
 */
export interface OutboxDeadLetter {
  _id: string;
  /** The collection and document whose outbox held it. */
  collection: string;
  documentId: string;
  /** The entry exactly as it was stored. */
  entry: unknown;
  /** Why it cannot be published. */
  error: string;
  failedAt: Date;
}

/** The NATS errors that the same bytes will meet on every attempt. */
const PERMANENT_NATS_ERRORS: ReadonlySet<string> = new Set([
  ErrorCode.MaxPayloadExceeded,
  ErrorCode.BadSubject,
  ErrorCode.BadPayload,
  ErrorCode.BadJson,
]);

const KNOWN_SUBJECTS: ReadonlySet<string> = new Set(Object.values(EVENT_SUBJECTS));

/**
 * Whether publishing failed for a reason retrying cannot cure: the event is larger than the NATS
 * server takes, its subject or payload is refused by the client, or its body cannot be encoded.
 * Anything else (NATS unreachable, a timeout, JetStream without the stream yet) is transient: the
 * relay keeps the entry and tries again.
 */
export function isUnpublishable(error: unknown): boolean {
  if (error instanceof NatsError) return PERMANENT_NATS_ERRORS.has(error.code);
  // JSON.stringify throws TypeError for a BigInt or a cycle; the same entry fails every time.
  return error instanceof TypeError;
}

/** Why a stored entry is no event this relay may publish, or null when it is one. */
export function invalidEntryReason(entry: {
  id?: unknown;
  subject?: unknown;
  data?: unknown;
}): string | null {
  if (typeof entry.id !== 'string' || entry.id === '') return 'the entry has no event id';
  if (typeof entry.subject !== 'string' || !KNOWN_SUBJECTS.has(entry.subject)) {
    return `the subject ${JSON.stringify(entry.subject)} is not an event subject of the product`;
  }
  if (!('data' in entry)) return 'the entry has no data';
  return null;
}

export const outboxDeadLetters = (db: mongo.Db): mongo.Collection<OutboxDeadLetter> =>
  db.collection<OutboxDeadLetter>(OUTBOX_DEAD_LETTERS);

/** One line of `list`: where the event came from, why it is kept, and its size. */
export interface OutboxDeadLetterSummary {
  id: string;
  collection: string;
  documentId: string;
  subject: unknown;
  error: string;
  failedAt: string;
  bytes: number;
}

/** The unpublishable outbox events of one service's database, oldest first. */
export async function listOutboxDeadLetters(db: mongo.Db): Promise<OutboxDeadLetterSummary[]> {
  const letters = await outboxDeadLetters(db).find().sort({ failedAt: 1 }).toArray();
  return letters.map((letter) => ({
    id: letter._id,
    collection: letter.collection,
    documentId: letter.documentId,
    subject: (letter.entry as { subject?: unknown } | null)?.subject,
    error: letter.error,
    failedAt: letter.failedAt.toISOString(),
    bytes: Buffer.byteLength(JSON.stringify(letter.entry) ?? ''),
  }));
}

/** Why a replay did not publish: no such dead letter, or the entry is still not an event. */
export class OutboxReplayError extends Error {}

/**
 * Publishes a kept event once its cause is fixed (the NATS server's max_payload raised, the entry
 * corrected in the collection), with its event id as message id, then removes the dead letter.
 * Consumers drop an event they handled before by its id, so a replay is safe to repeat.
 */
export async function replayOutboxDeadLetter(
  db: mongo.Db,
  publish: (envelope: EventEnvelope) => Promise<unknown>,
  id: string,
): Promise<EventSubject> {
  const letter = await outboxDeadLetters(db).findOne({ _id: id });
  if (!letter) throw new OutboxReplayError(`No outbox dead letter ${id}`);
  const entry = (letter.entry ?? {}) as Record<string, unknown>;
  const invalid = invalidEntryReason(entry);
  if (invalid) throw new OutboxReplayError(`Dead letter ${id} is still no event: ${invalid}`);
  const envelope = {
    id: entry.id,
    subject: entry.subject,
    occurredAt:
      entry.occurredAt instanceof Date ? entry.occurredAt.toISOString() : String(entry.occurredAt),
    data: entry.data,
  } as EventEnvelope;
  await publish(envelope);
  await outboxDeadLetters(db).deleteOne({ _id: id });
  return envelope.subject;
}
