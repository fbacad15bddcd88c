import type { FastifyRequest } from 'fastify';

/**
 * The caller's address for rate limits. Only the gateway reaches this service, and it adds the
 * address it saw as the last `x-forwarded-for` entry; earlier entries come from the caller and
 * could be forged, so the last one counts. Without the header (a direct call) the socket's
 * address does.
 */
export function clientIp(request: FastifyRequest): string {
  const header = request.headers['x-forwarded-for'];
  const value = Array.isArray(header) ? header.join(',') : header;
  const last = value
    ?.split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .pop();
  return last ?? request.socket.remoteAddress ?? 'unknown';
}
