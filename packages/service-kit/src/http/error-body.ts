import { HttpException, HttpStatus } from '@nestjs/common';
import { REQUEST_MESSAGES, type ApiError } from '@mcat/contracts';
import { isDuplicateKeyError } from '../infra/duplicate-key';

interface ErrorWithCode {
  code?: unknown;
  statusCode?: unknown;
  name?: unknown;
  message?: unknown;
}

const GENERIC_500 = 'Something went wrong on our side. Please try again in a moment.';

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
    return { statusCode: HttpStatus.BAD_REQUEST, message: 'Invalid request' };
  }
  if (isDuplicateKeyError(error)) {
    return { statusCode: HttpStatus.CONFLICT, message: 'This record already exists' };
  }
  // Errors raised by the HTTP framework itself (body parsing, limits, content type).
  if (typeof e.statusCode === 'number' && e.statusCode >= 400 && e.statusCode < 500) {
    return { statusCode: e.statusCode, message: frameworkMessage(e) };
  }
  return { statusCode: HttpStatus.INTERNAL_SERVER_ERROR, message: GENERIC_500 };
}

function frameworkMessage(e: ErrorWithCode): string {
  switch (e.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The request body is not valid JSON';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return REQUEST_MESSAGES.bodyTooLarge;
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return REQUEST_MESSAGES.unsupportedContentType;
    default:
      return typeof e.message === 'string' && e.message ? e.message : 'Invalid request';
  }
}
