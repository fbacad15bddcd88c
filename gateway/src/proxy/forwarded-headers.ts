import type { IncomingHttpHeaders } from 'node:http';
import type { IncomingHttpHeaders as Http2IncomingHttpHeaders } from 'node:http2';
import type { FastifyRequest, RawServerBase, RequestGenericInterface } from 'fastify';
import {
  outgoingTraceparent,
  parseTraceparent,
  REQUEST_ID_HEADER,
  traceOfRequest,
  TRACEPARENT_HEADER,
  TRACESTATE_HEADER,
} from '@mcat/service-kit/core';

type Headers = IncomingHttpHeaders | Http2IncomingHttpHeaders;

/** Headers only the gateway may set: a client's own values are dropped before forwarding. */
export function isInternalHeader(name: string): boolean {
  return (
    name === 'x-user-id' ||
    name === 'x-real-ip' ||
    name === 'forwarded' ||
    name.startsWith('x-internal-') ||
    name.startsWith('x-forwarded-')
  );
}

/**
 * The headers a service receives: the client's, less every internal one, plus the request id, the
 * trace and the X-Forwarded-* the gateway vouches for (the client's address as the gateway sees
 * it). `traceparent` is always the gateway's: the client's trace id when its traceparent was valid,
 * else a new one, and the gateway's own span as parent; a client's malformed value is never
 * passed on, nor its `tracestate` then (it belongs to the trace that was dropped).
 */
export function forwardedHeaders(
  request: FastifyRequest<RequestGenericInterface, RawServerBase>,
  headers: Headers,
): Headers {
  const forwarded: Headers = {};
  for (const name in headers) {
    if (!isInternalHeader(name)) forwarded[name] = headers[name];
  }
  forwarded[REQUEST_ID_HEADER] = request.id;
  forwarded[TRACEPARENT_HEADER] = outgoingTraceparent(traceOfRequest(request.raw));
  if (!parseTraceparent(headers[TRACEPARENT_HEADER])) delete forwarded[TRACESTATE_HEADER];
  forwarded['x-forwarded-for'] = request.ip;
  forwarded['x-forwarded-proto'] = request.protocol;
  forwarded['x-forwarded-host'] = request.host;
  return forwarded;
}
