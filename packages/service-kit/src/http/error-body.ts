import { HttpException, HttpStatus } from '@nestjs/common';
import { REQUEST_MESSAGES, SERVER_MESSAGES, type ApiError } from '@mcat/contracts';
import { isDuplicateKeyError } from '../infra/duplicate-key';

interface ErrorWithCode {
  code?: unknown;
  statusCode?: unknown;
  name?: unknown;
  message?: unknown;
}

/**
 * Maps anything thrown while handling a request to the `{ statusCode, message }` body. Bad input of
 * every kind (malformed JSON, wrong content type, too large, a bad id) is a 4xx; only a fault of
 * ours is a 500, and its details stay in the log.
 */
export function toErrorBody(error: unknown): ApiError {
  if (error instanceof HttpException) {
    const response = error.getResponse();
    const message =
      typeof response === 'string'
        ? response
        : Array.isArray((response as { message?: unknown }).message)
          ? String((response as { message: unknown[] }).message[0])
          : String((response as { message?: unknown }).message ?? error.message);
    return { statusCode: error.getStatus(), message };
  }
  const e = (error ?? {}) as ErrorWithCode;
  if (e.name === 'CastError' || e.name === 'ValidationError' || e.name === 'BSONError') {
    return { statusCode: HttpStatus.BAD_REQUEST, message: SERVER_MESSAGES.invalidRequest };
  }
  if (isDuplicateKeyError(error)) {
    return { statusCode: HttpStatus.CONFLICT, message: SERVER_MESSAGES.recordExists };
  }
  // Errors raised by the HTTP framework itself (body parsing, limits, content type).
  if (typeof e.statusCode === 'number' && e.statusCode >= 400 && e.statusCode < 500) {
    return { statusCode: e.statusCode, message: frameworkMessage(e) };
  }
  return { statusCode: HttpStatus.INTERNAL_SERVER_ERROR, message: SERVER_MESSAGES.internalError };
}

function frameworkMessage(e: ErrorWithCode): string {
  switch (e.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return SERVER_MESSAGES.invalidJson;
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return REQUEST_MESSAGES.bodyTooLarge;
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return REQUEST_MESSAGES.unsupportedContentType;
    default:
      return typeof e.message === 'string' && e.message
        ? e.message
        : SERVER_MESSAGES.invalidRequest;
  }
}
