import type { Connection } from 'mongoose';
import { IDEMPOTENCY_KEY_TTL_MS } from '@mcat/contracts';
import { isDuplicateKeyError } from '../infra/duplicate-key';
import { IDEMPOTENCY_KEYS } from './idempotency-key.schema';

/** How often a process deletes expired keys (FerretDB 1.24 has no TTL indexes). */
const PURGE_INTERVAL_MS = 60 * 60 * 1000;

export interface IdempotencyRecord {
  /** `<userId>:<key>`: the unique `_id` makes the reservation atomic on MongoDB and FerretDB. */
  _id: string;
  fingerprint: string;
  state: 'pending' | 'done';
  /** The first answer's body as sent (JSON), once `done`; absent for an empty body. */
  body?: string;
  createdAt: Date;
  expiresAt: Date;
}

/** What a request with a key finds. */
export type Reservation =
  | { kind: 'reserved' }
  | { kind: 'in-flight' }
  | { kind: 'mismatch' }
  | { kind: 'done'; body: string | undefined };

/**
 * The keys of idempotent writes in the service's own database (`idempotency_keys`): reserved
 * before the write runs, completed with its answer after, kept 24 hours.
 */
export class IdempotencyStore {
  private nextPurgeAt = 0;

  constructor(private readonly connection: Connection) {}

  private get collection() {
    return this.connection.collection<IdempotencyRecord>(IDEMPOTENCY_KEYS);
  }

  /**
   * Reserves `key` for `userId`, or says what holds it. A record past its 24 hours counts as
   * absent (expired on read, as FerretDB 1.24 does not enforce TTL indexes).
   */
  async reserve(userId: string, key: string, fingerprint: string): Promise<Reservation> {
    const _id = recordId(userId, key);
    this.purgeExpiredNow();
    for (;;) {
      const now = new Date();
      if (
        await this.insert({
          _id,
          fingerprint,
          state: 'pending',
          createdAt: now,
          expiresAt: expiry(now),
        })
      ) {
        return { kind: 'reserved' };
      }
      const found = await this.collection.findOne({ _id });
      // Gone between the insert and the read (released or expired): try again.
      if (!found) continue;
      if (found.expiresAt <= now) {
        // Only this expired record: a fresh reservation made meanwhile by another request stays.
        await this.collection.deleteOne({ _id, createdAt: found.createdAt });
        continue;
      }
      if (found.fingerprint !== fingerprint) return { kind: 'mismatch' };
      if (found.state === 'pending') return { kind: 'in-flight' };
      return { kind: 'done', body: found.body };
    }
  }

  /** Records the first answer, to be replayed to every retry with the key. */
  async complete(userId: string, key: string, body: string | undefined): Promise<void> {
    await this.collection.updateOne(
      { _id: recordId(userId, key), state: 'pending' },
      { $set: { state: 'done', ...(body === undefined ? {} : { body }) } },
    );
  }

  /** Frees a reservation whose request answered an error (it stored nothing): a retry runs again. */
  async release(userId: string, key: string): Promise<void> {
    await this.collection.deleteOne({ _id: recordId(userId, key), state: 'pending' });
  }

  private async insert(record: IdempotencyRecord): Promise<boolean> {
    try {
      await this.collection.insertOne(record);
      return true;
    } catch (error) {
      if (isDuplicateKeyError(error)) return false;
      throw error;
    }
  }

  /** At most hourly and in the background, so the collection holds about a day of keys. */
  private purgeExpiredNow(): void {
    const now = Date.now();
    if (now < this.nextPurgeAt) return;
    this.nextPurgeAt = now + PURGE_INTERVAL_MS;
    this.collection.deleteMany({ expiresAt: { $lte: new Date(now) } }).catch(() => {
      // The next purge tries again; an expired key is ignored on read meanwhile.
    });
  }
}

/** A user id (a MongoDB id, so without `:`) then the key: unambiguous, and per user. */
const recordId = (userId: string, key: string): string => `${userId}:${key}`;

const expiry = (from: Date): Date => new Date(from.getTime() + IDEMPOTENCY_KEY_TTL_MS);
