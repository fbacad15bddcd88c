import type { FastifyRequest } from 'fastify';

/**
 * The caller's address for rate limits: Fastify's `request.ip`, which believes X-Forwarded-For
 * only from TRUSTED_PROXIES (the gateway, which sets it to the address it saw). From anyone else,
 * a caller that reached this service directly, the header is ignored and the socket's address
 * counts, so a made-up header cannot buy a fresh per-address budget.
 */
export function clientIp(request: FastifyRequest): string {
  return request.ip;
}
