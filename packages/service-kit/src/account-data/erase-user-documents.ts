import type { Connection } from 'mongoose';
import { OUTBOX_DEAD_LETTERS } from '../outbox/outbox-dead-letters';

/** The fields the search reads: a user's key (`_id`), or the user named in `userId`. */
interface UserDocument {
  _id: string;
  userId?: string;
}

/** Collections about the service's own work, not about a person: never searched by user. */
const SERVICE_COLLECTIONS: ReadonlySet<string> = new Set([
  'processed_events',
  OUTBOX_DEAD_LETTERS,
  'migrations',
]);

/**
 * Deletes every document of a user in the service's database, whichever collection holds it: the
 * ones with a `userId` field, and the ones keyed by the user (`_id` the user id, as `user_plans`,
 * or `<userId>:...`, as `idempotency_keys` and `plan_slots`). A collection added later is covered
 * without a change here. The events about the user that the outbox relay gave up publishing
 * (`outbox_dead_letters`, `entry.data.userId`) go too: they are about someone who is gone, and may
 * carry their data. Idempotent: a second call finds nothing. Answers how many documents each
 * collection lost (those that lost any).
 */
export async function eraseUserDocuments(
  connection: Connection,
  userId: string,
  /** Collections the caller treats itself (billing keeps its payment records, anonymised). */
  keep: readonly string[] = [],
): Promise<Record<string, number>> {
  const db = connection.db;
  if (!db) throw new Error('The database connection is not open');
  const escaped = userId.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const filter = {
    $or: [{ userId }, { _id: userId }, { _id: { $regex: `^${escaped}:` } }],
  };
  const erased: Record<string, number> = {};
  const collections = await db.listCollections({}, { nameOnly: true }).toArray();
  for (const { name } of collections) {
    if (name.startsWith('system.') || SERVICE_COLLECTIONS.has(name) || keep.includes(name)) {
      continue;
    }
    const { deletedCount } = await db.collection<UserDocument>(name).deleteMany(filter);
    if (deletedCount > 0) erased[name] = deletedCount;
  }
  const deadLetters = await db
    .collection(OUTBOX_DEAD_LETTERS)
    .deleteMany({ 'entry.data.userId': userId });
  if (deadLetters.deletedCount > 0) erased[OUTBOX_DEAD_LETTERS] = deadLetters.deletedCount;
  return erased;
}
