/**
 * Idempotent writes (docs/api-idempotency.md): a create or payment call sent with an
 * `Idempotency-Key` answers the first attempt's answer to every retry with that key, so a client
 * that lost an answer to a time-out may send the request again without storing it twice.
 */

/** The request header, Stripe's name. HTTP header names are case-insensitive. */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/** Set (to `true`) on an answer that replays a stored first answer instead of running again. */
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';

/** How long a key and its answer are kept: a retry later than this runs as a new request. */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;

export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;

/** Seconds a client is told to wait (Retry-After) when the first attempt is still running. */
export const IDEMPOTENCY_RETRY_AFTER_SECONDS = 1;

/** 1–255 printable ASCII characters (space to tilde). */
const KEY_PATTERN = new RegExp(`^[\\x20-\\x7E]{1,${IDEMPOTENCY_KEY_MAX_LENGTH}}$`);

export const isValidIdempotencyKey = (key: string): boolean => KEY_PATTERN.test(key);
