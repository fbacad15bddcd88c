/**
 * Creates and payment calls that are safe to retry (docs/api-idempotency.md). Each user action
 * sends its own `Idempotency-Key`; a failure that leaves it unknown whether the server did the
 * write (no answer at all, a 502/503/504 from the gateway, or the first attempt still running) is
 * retried once with the same key, and the server then answers the first attempt's answer instead
 * of storing the write twice.
 */
import type { FetchArgs, FetchBaseQueryError } from '@reduxjs/toolkit/query/react';
import {
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_RETRY_AFTER_SECONDS,
  type ErrorCode,
} from '@mcat/contracts';

/** Gateway answers that say the service's answer never came, not that the request was refused. */
const NO_ANSWER_STATUSES: ReadonlySet<number> = new Set([502, 503, 504]);

/**
 * 128 random bits as 32 hexadecimal digits. `crypto.getRandomValues`, unlike `randomUUID`, also
 * works on a page served over plain HTTP from another host than localhost.
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * The request of one user action with a key of its own. Call it in an endpoint's `query`, which
 * RTK Query runs once per action: the retry below sends the same arguments, and so the same key.
 */
export const keyedWrite = (args: Omit<FetchArgs, 'headers'>): FetchArgs => ({
  ...args,
  headers: { [IDEMPOTENCY_KEY_HEADER]: newIdempotencyKey() },
});

const KEY_NAME = IDEMPOTENCY_KEY_HEADER.toLowerCase();

/** Whether a request's arguments carry an Idempotency-Key, whatever shape their headers take. */
function isKeyed(args: unknown): boolean {
  if (typeof args !== 'object' || args === null) return false;
  const { headers } = args as FetchArgs;
  if (headers instanceof Headers) return headers.has(KEY_NAME);
  if (Array.isArray(headers)) return headers.some(([name]) => name?.toLowerCase() === KEY_NAME);
  return Object.keys(headers ?? {}).some((name) => name.toLowerCase() === KEY_NAME);
}

/** Whether the server may not have done the write, or is still doing it. */
function outcomeUnknown(error: FetchBaseQueryError): boolean {
  if (error.status === 'FETCH_ERROR' || error.status === 'TIMEOUT_ERROR') return true;
  if (typeof error.status !== 'number') return false;
  if (NO_ANSWER_STATUSES.has(error.status)) return true;
  const inFlight: ErrorCode = 'IDEMPOTENCY_IN_FLIGHT';
  return (error.data as { code?: unknown } | undefined)?.code === inFlight;
}

/** RTK Query's retry condition: a keyed write whose first attempt's outcome is unknown, once. */
export const retryKeyedWriteOnce = (
  error: unknown,
  args: unknown,
  { attempt }: { attempt: number },
): boolean => attempt <= 1 && isKeyed(args) && outcomeUnknown(error as FetchBaseQueryError);

/** The wait before that retry: the time the server asks of a retry while the first one runs. */
export const waitBeforeRetry = (
  _attempt: number,
  _maxRetries: number,
  signal?: AbortSignal,
): Promise<void> =>
  new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, IDEMPOTENCY_RETRY_AFTER_SECONDS * 1000);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(new Error('aborted'));
    });
  });
