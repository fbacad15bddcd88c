import { HttpException, HttpStatus } from '@nestjs/common';
import {
  REQUEST_MESSAGES,
  SERVER_MESSAGES,
  errorCodeForStatus,
  isErrorCode,
  type ApiError,
  type ErrorCode,
  PLAN_LIMITS,
  type Plan,
} from '@mcat/contracts';
import { isDuplicateKeyError } from '../infra/duplicate-key';

interface ErrorWithCode {
  code?: unknown;
  statusCode?: unknown;
  name?: unknown;
  message?: unknown;
}

interface HttpExceptionResponse {
  message?: unknown;
  code?: unknown;
  plan?: unknown;
}

/** An error answer with the code its status implies unless `code` says more. */
export const errorBody = (statusCode: number, message: string, code?: ErrorCode): ApiError => ({
  statusCode,
  code: code ?? errorCodeForStatus(statusCode),
  message,
});

/**
 * Maps anything thrown while handling a request to the `{ statusCode, code, message }` body. Bad
 * input of every kind (malformed JSON, wrong content type, too large, a bad id) is a 4xx; only a
 * fault of ours is a 500, and its details stay in the log.
 */
export function toErrorBody(error: unknown): ApiError {
  if (error instanceof HttpException) return fromHttpException(error);
  const e = (error ?? {}) as ErrorWithCode;
  if (e.name === 'CastError' || e.name === 'ValidationError' || e.name === 'BSONError') {
    return errorBody(HttpStatus.BAD_REQUEST, SERVER_MESSAGES.invalidRequest);
  }
  if (isDuplicateKeyError(error)) {
    return errorBody(HttpStatus.CONFLICT, SERVER_MESSAGES.recordExists, 'DUPLICATE');
  }
  // Errors raised by the HTTP framework itself (body parsing, limits, content type).
  if (typeof e.statusCode === 'number' && e.statusCode >= 400 && e.statusCode < 500) {
    return frameworkError(e, e.statusCode);
  }
  return errorBody(HttpStatus.INTERNAL_SERVER_ERROR, SERVER_MESSAGES.internalError);
}

/** Nest's answer for a method and path no route serves: "Cannot GET /the/path". */
const NEST_ROUTE_NOT_FOUND = /^Cannot [A-Z]+ \//;

function fromHttpException(error: HttpException): ApiError {
  const statusCode = error.getStatus();
  const response = error.getResponse();
  if (statusCode === 404 && NEST_ROUTE_NOT_FOUND.test(error.message)) {
    // The path is the caller's input: never echoed back.
    return errorBody(404, REQUEST_MESSAGES.routeNotFound);
  }
  if (typeof response === 'string') return errorBody(statusCode, response);
  const { message, code, plan } = response as HttpExceptionResponse;
  const text = Array.isArray(message) ? String(message[0]) : String(message ?? error.message);
  const body = errorBody(statusCode, text, isErrorCode(code) ? code : undefined);
  return isPlan(plan) ? { ...body, plan } : body;
}

const isPlan = (value: unknown): value is Plan =>
  typeof value === 'string' && Object.hasOwn(PLAN_LIMITS, value);

function frameworkError(e: ErrorWithCode, statusCode: number): ApiError {
  switch (e.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return errorBody(statusCode, SERVER_MESSAGES.invalidJson, 'INVALID_JSON');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return errorBody(statusCode, REQUEST_MESSAGES.bodyTooLarge);
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return errorBody(statusCode, REQUEST_MESSAGES.unsupportedContentType);
    default:
      return errorBody(
        statusCode,
        typeof e.message === 'string' && e.message ? e.message : SERVER_MESSAGES.invalidRequest,
      );
  }
}
