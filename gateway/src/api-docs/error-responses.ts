import { ERROR_CODES, type ApiRoute, type ErrorCode } from '@mcat/contracts';

/**
 * Every route: what the HTTP server refuses before any route runs (headers too large, a request
 * that does not arrive in time), the gateway's own rate limit, and our own faults.
 */
const EVERY_ROUTE: readonly ErrorCode[] = [
  'REQUEST_TIMEOUT',
  'HEADERS_TOO_LARGE',
  'RATE_LIMITED',
  'INTERNAL',
];
/** A route with path parameters: one longer than the router reads. */
const WITH_PARAMS: readonly ErrorCode[] = ['URI_TOO_LONG'];
/** Every route the gateway forwards: the service could not be reached, or did not answer in time. */
const FORWARDED: readonly ErrorCode[] = ['UPSTREAM_UNAVAILABLE', 'UPSTREAM_TIMEOUT'];
/** A route that reads parameters, a query or a body refuses the ones it cannot take. */
const WITH_INPUT: readonly ErrorCode[] = ['VALIDATION'];
const WITH_JSON_BODY: readonly ErrorCode[] = [
  'INVALID_JSON',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
];
/** A spreadsheet upload, or a one-click form: a body too large or of another type. */
const WITH_FORM: readonly ErrorCode[] = ['PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE'];
const SIGNED_IN: readonly ErrorCode[] = ['UNAUTHENTICATED'];
const WITH_ROLE: readonly ErrorCode[] = ['FORBIDDEN'];
const IDEMPOTENT: readonly ErrorCode[] = [
  'IDEMPOTENCY_KEY_INVALID',
  'IDEMPOTENCY_IN_FLIGHT',
  'IDEMPOTENCY_KEY_REUSED',
];

/** The codes whose answers carry Retry-After (seconds to wait before trying again). */
export const RETRY_AFTER_CODES: ReadonlySet<ErrorCode> = new Set([
  'RATE_LIMITED',
  'IDEMPOTENCY_IN_FLIGHT',
]);

/**
 * The error codes a route can answer, grouped by HTTP status in ascending order: those every route
 * of its kind can answer (forwarded or not, signed-in, with input, idempotent) and its own.
 */
export function errorCodesByStatus(route: ApiRoute): Map<number, ErrorCode[]> {
  const request = route.request ?? {};
  const codes = new Set<ErrorCode>([
    ...EVERY_ROUTE,
    ...(route.service === 'gateway' ? [] : FORWARDED),
    ...(route.public ? [] : SIGNED_IN),
    ...(route.role ? WITH_ROLE : []),
    ...(request.params || request.query || request.body || request.upload || request.oneClick
      ? WITH_INPUT
      : []),
    ...(request.params ? WITH_PARAMS : []),
    ...(request.body ? WITH_JSON_BODY : []),
    ...(request.upload || request.oneClick ? WITH_FORM : []),
    ...(route.idempotent ? IDEMPOTENT : []),
    ...(route.errors ?? []),
  ]);
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of Object.keys(ERROR_CODES) as ErrorCode[]) {
    if (!codes.has(code)) continue;
    const status = ERROR_CODES[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return new Map([...byStatus].sort(([a], [b]) => a - b));
}
