/**
 * The machine-readable side of every error answer: a stable `code` next to the human `message`.
 * Clients branch on the code, never on the text, so a reworded message breaks no client.
 */
import type { Plan } from './constants';

/**
 * Each code with the HTTP status it comes with. A code names what went wrong, so a client can act
 * on it: the generic ones follow the status, the specific ones say more than the status can.
 */
export const ERROR_CODES = {
  /** 400: a field, parameter, path or body the server cannot take; the message names it. */
  VALIDATION: 400,
  /** 400: the body is not valid JSON. */
  INVALID_JSON: 400,
  /** 400: the Idempotency-Key header is malformed. */
  IDEMPOTENCY_KEY_INVALID: 400,
  /** 401: no valid session: sign in (again). */
  UNAUTHENTICATED: 401,
  /** 402: the card payment was refused; the message says why. */
  PAYMENT_DECLINED: 402,
  /** 403: signed in, but not allowed. */
  FORBIDDEN: 403,
  /** 403: the plan's limit on tests is reached (`plan` says which plan's). */
  PLAN_LIMIT_TESTS: 403,
  /** 403: the plan's limit on questions is reached (`plan` says which plan's). */
  PLAN_LIMIT_QUESTIONS: 403,
  /** 404: no such route, or no such record of this user's. */
  NOT_FOUND: 404,
  /** 405: the path exists, but not with this method; `Allow` lists the methods it takes. */
  METHOD_NOT_ALLOWED: 405,
  /** 409: the record (an account's email, a unique key) already exists. */
  DUPLICATE: 409,
  /** 409: the account is already premium. */
  ALREADY_PREMIUM: 409,
  /** 409: a request with this Idempotency-Key is still running; retry after Retry-After. */
  IDEMPOTENCY_IN_FLIGHT: 409,
  /** 408: the request did not arrive whole in time. */
  REQUEST_TIMEOUT: 408,
  /** 409: the request conflicts with the record's state. */
  CONFLICT: 409,
  /** 413: the body (or the uploaded file) is too large. */
  PAYLOAD_TOO_LARGE: 413,
  /** 414: a path (one of its parameters) longer than the server reads. */
  URI_TOO_LONG: 414,
  /** 415: a body type or encoding the route does not take. */
  UNSUPPORTED_MEDIA_TYPE: 415,
  /** 422: this Idempotency-Key was used for another request. */
  IDEMPOTENCY_KEY_REUSED: 422,
  /** 422: a score projection needs more practice tests; the message says how many more. */
  PROJECTION_NEEDS_TESTS: 422,
  /** 422: a score projection needs a planned testing date on the profile. */
  PROJECTION_NEEDS_DATE: 422,
  /** 429: too many requests or attempts; retry after Retry-After. */
  RATE_LIMITED: 429,
  /** 431: the request's headers are larger than the server reads. */
  HEADERS_TOO_LARGE: 431,
  /** 500: a fault of ours. */
  INTERNAL: 500,
  /** 502: a service behind the gateway, or the payment provider, could not be reached. */
  UPSTREAM_UNAVAILABLE: 502,
  /** 503: a dependency is down for a moment; retry. */
  UNAVAILABLE: 503,
  /** 504: a service behind the gateway did not answer in time. */
  UPSTREAM_TIMEOUT: 504,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof ERROR_CODES;

export type PlanLimitCode = 'PLAN_LIMIT_TESTS' | 'PLAN_LIMIT_QUESTIONS';

/** Every error answer. The message can be shown to the user as is; the code is for programs. */
export interface ApiError {
  statusCode: number;
  code: ErrorCode;
  message: string;
  /** On a plan-limit answer only: the plan whose limit was reached. */
  plan?: Plan;
}

const GENERIC_BY_STATUS: Readonly<Record<number, ErrorCode>> = {
  400: 'VALIDATION',
  401: 'UNAUTHENTICATED',
  402: 'PAYMENT_DECLINED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  408: 'REQUEST_TIMEOUT',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  414: 'URI_TOO_LONG',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
  431: 'HEADERS_TOO_LARGE',
  500: 'INTERNAL',
  502: 'UPSTREAM_UNAVAILABLE',
  503: 'UNAVAILABLE',
  504: 'UPSTREAM_TIMEOUT',
};

/** The code an answer of this status carries when nothing more specific was said. */
export const errorCodeForStatus = (status: number): ErrorCode =>
  GENERIC_BY_STATUS[status] ?? (status >= 500 ? 'INTERNAL' : 'VALIDATION');

export const isErrorCode = (value: unknown): value is ErrorCode =>
  typeof value === 'string' && Object.hasOwn(ERROR_CODES, value);

export const isPlanLimitCode = (code: ErrorCode): code is PlanLimitCode =>
  code === 'PLAN_LIMIT_TESTS' || code === 'PLAN_LIMIT_QUESTIONS';
