import type { IncomingHttpHeaders } from 'node:http';
import type { IncomingHttpHeaders as Http2IncomingHttpHeaders } from 'node:http2';
import type { FastifyRequest, RawServerBase, RequestGenericInterface } from 'fastify';
import { REQUEST_ID_HEADER } from '@mcat/service-kit/core';

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
 * The headers a service receives: the client's, less every internal one, plus the request id and
 * the X-Forwarded-* the gateway vouches for (the client's address as the gateway sees it).
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
  forwarded['x-forwarded-for'] = request.ip;
  forwarded['x-forwarded-proto'] = request.protocol;
  forwarded['x-forwarded-host'] = request.host;
  return forwarded;
}
