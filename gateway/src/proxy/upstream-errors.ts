import { serviceTooSlow, serviceUnavailable, type ApiError } from '@mcat/contracts';
import { errorBody } from '@mcat/service-kit/core';
import type { RoutedService } from './route-table';

/** The error codes undici reports when the service's answer did not start in time. */
const TIMEOUT_CODES = new Set(['UND_ERR_HEADERS_TIMEOUT', 'FST_REPLY_FROM_GATEWAY_TIMEOUT']);

interface ProxyError {
  code?: unknown;
  cause?: { code?: unknown };
}

/**
 * What the client is told when a service could not be reached: 504 when it did not answer in
 * time, 502 naming the service for everything else (refused, reset, unknown host, connect timeout).
 */
export function upstreamFailure(service: RoutedService, error: unknown): ApiError {
  const { code, cause } = (error ?? {}) as ProxyError;
  if (TIMEOUT_CODES.has(String(cause?.code)) || TIMEOUT_CODES.has(String(code))) {
    return errorBody(504, serviceTooSlow(service));
  }
  return errorBody(502, serviceUnavailable(service));
}
