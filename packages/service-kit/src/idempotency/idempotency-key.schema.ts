import type { ModelDefinition } from '@nestjs/mongoose';
import { Schema } from 'mongoose';
import type { IdempotencyRecord } from './idempotency-store';

/** The collection of the keys of idempotent writes, in each service's own database. */
export const IDEMPOTENCY_KEYS = 'idempotency_keys';

/**
 * The collection's fields and indexes, declared so that each service taking `Idempotency-Key`
 * creates them at start and in its migration. `expiresAt` serves the hourly purge of expired keys
 * (docs/adr/0027-index-coverage.md); the reservation itself goes by `_id`. The store reads and
 * writes the collection directly (idempotency-store.ts).
 */
const idempotencyKeySchema = new Schema<IdempotencyRecord>(
  {
    _id: { type: String, required: true },
    fingerprint: { type: String, required: true },
    state: { type: String, required: true, enum: ['pending', 'done'] },
    body: { type: String },
    createdAt: { type: Date, required: true },
    expiresAt: { type: Date, required: true },
  },
  { collection: IDEMPOTENCY_KEYS, versionKey: false },
);
idempotencyKeySchema.index({ expiresAt: 1 });

/** Registered (`MongooseModule.forFeature`) and migrated by every service with an `@Idempotent()` route. */
export const IDEMPOTENCY_MODELS: ModelDefinition[] = [
  { name: 'IdempotencyKey', schema: idempotencyKeySchema },
];
