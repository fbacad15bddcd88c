/** The answers of an idempotent write's `Idempotency-Key` (docs/api-idempotency.md). */
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_MAX_LENGTH } from '../idempotency';

export const IDEMPOTENCY_MESSAGES = {
  /** 400: the header is present but not 1–255 printable ASCII characters. */
  invalidKey: `The ${IDEMPOTENCY_KEY_HEADER} header must be 1 to ${IDEMPOTENCY_KEY_MAX_LENGTH} printable ASCII characters.`,
  /** 409: a request with this key is still running (Retry-After says when to try again). */
  inFlight: `A request with this ${IDEMPOTENCY_KEY_HEADER} is still being processed. Please retry in a moment.`,
  /** 422: the key was used for a different request (another body or route). */
  keyReused: `This ${IDEMPOTENCY_KEY_HEADER} was already used for a different request. Send a new key for a new request.`,
} as const;
