import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { REQUEST_ID_HEADER } from '@mcat/service-kit/core';

/** An incoming request id is kept only when it looks like one (no spaces, no log injection). */
const WELL_FORMED = /^[A-Za-z0-9._:-]{8,128}$/;

/**
 * The request's id: the client's well-formed `x-request-id`, else a new UUID. It is written back
 * into the raw headers so that the request log line and the forwarded request carry the same id.
 */
export function requestIdOf(request: IncomingMessage): string {
  const incoming = request.headers[REQUEST_ID_HEADER];
  const id = typeof incoming === 'string' && WELL_FORMED.test(incoming) ? incoming : randomUUID();
  request.headers[REQUEST_ID_HEADER] = id;
  return id;
}
