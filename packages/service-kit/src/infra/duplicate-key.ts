/** MongoDB's (and FerretDB's) error code for a write refused by a unique index. */
const DUPLICATE_KEY = 11000;

/**
 * Whether a write failed because a unique index already holds its key: the way every service
 * tells "someone else made it first" (a taken e-mail, a race on an upsert, an event already
 * recorded) from a real failure.
 */
export const isDuplicateKeyError = (error: unknown): boolean =>
  typeof error === 'object' &&
  error !== null &&
  (error as { code?: unknown }).code === DUPLICATE_KEY;
