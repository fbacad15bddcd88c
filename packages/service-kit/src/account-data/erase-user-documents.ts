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
 * The collections whose documents name their user in `userId`: those of the models registered on
 * the connection whose schema has the field. Each one's schema declares an index led by `userId`,
 * so deleting by it reads only the user's documents (docs/adr/0027-index-coverage.md; `npm test`
 * fails on a collection that lacks it).
 */
const collectionsWithUserId = (connection: Connection): Set<string> =>
  new Set(
    Object.values(connection.models)
      .filter((model) => model.schema.path('userId') !== undefined)
      .map((model) => model.collection.collectionName),
  );

/**
 * Deletes every document of a user in the service's database, whichever collection holds it: the
 * ones keyed by the user (`_id` the user id, as `user_plans`, or `<userId>:...`, as
 * `idempotency_keys` and `plan_slots`) in every collection, and the ones naming the user in
 * `userId` in the collections whose schema has that field. Each delete is served by an index (the
 * `_id` index, or the schema's `userId` one), however large the collections grow. A collection
 * added later is covered without a change here. The events about the user that the outbox relay
 * gave up publishing (`outbox_dead_letters`, `entry.data.userId`) go too: they are about someone
 * who is gone, and may carry their data. Idempotent: a second call finds nothing. Answers how many
 * documents each collection lost (those that lost any).
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
  const keyedByUser = { _id: { $in: [userId, new RegExp(`^${escaped}:`)] } };
  const withUserId = collectionsWithUserId(connection);
  const erased: Record<string, number> = {};
  const collections = await db.listCollections({}, { nameOnly: true }).toArray();
  for (const { name } of collections) {
    if (name.startsWith('system.') || SERVICE_COLLECTIONS.has(name) || keep.includes(name)) {
      continue;
    }
    const collection = db.collection<UserDocument>(name);
    let deleted = (await collection.deleteMany(keyedByUser)).deletedCount;
    if (withUserId.has(name)) deleted += (await collection.deleteMany({ userId })).deletedCount;
    if (deleted > 0) erased[name] = deleted;
  }
  const deadLetters = await db
    .collection(OUTBOX_DEAD_LETTERS)
    .deleteMany({ 'entry.data.userId': userId });
  if (deadLetters.deletedCount > 0) erased[OUTBOX_DEAD_LETTERS] = deadLetters.deletedCount;
  return erased;
}
