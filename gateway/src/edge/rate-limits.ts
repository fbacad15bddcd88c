import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { tooManyRequests } from '@mcat/contracts';
import { errorBody } from '@mcat/service-kit/core';

export interface RateLimitOptions {
  /** API requests a client address may make per minute (0: no limit). */
  perAddress: number;
  /** API requests one bearer token may make per minute, from any address (0: no limit). */
  perToken: number;
  /** Client addresses neither limit counts (the local browser tests, a monitoring probe). */
  exemptAddresses: readonly string[];
}

const WINDOW_SECONDS = 60;

const limiter = (points: number): RateLimiterMemory | null =>
  points > 0 ? new RateLimiterMemory({ points, duration: WINDOW_SECONDS }) : null;

/** A token is counted by its digest: the counters never hold a usable credential. */
const tokenKey = (authorization: string): string =>
  createHash('sha256').update(authorization).digest('base64url');

/**
 * The gateway's own limits on `/api/*`, before a token is checked or anything is forwarded: per
 * client address (`request.ip`, which honours TRUST_PROXY) and per bearer token. Over either
 * answers 429 with Retry-After. The counters live in this process: with N gateway replicas a
 * client that is spread over all of them gets up to N times the limit (docs/security.md).
 */
export function registerRateLimits(fastify: FastifyInstance, options: RateLimitOptions): void {
  const byAddress = limiter(options.perAddress);
  const byToken = limiter(options.perToken);
  if (!byAddress && !byToken) return;
  const exempt = new Set(options.exemptAddresses);

  fastify.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!request.url.startsWith('/api/') || exempt.has(request.ip)) return;
    const authorization = request.headers.authorization;
    const counted = [
      byAddress?.consume(request.ip),
      authorization ? byToken?.consume(tokenKey(authorization)) : undefined,
    ];
    const results = await Promise.allSettled(counted);
    let retryAfterMs = 0;
    for (const result of results) {
      if (result.status === 'fulfilled') continue;
      if (!(result.reason instanceof RateLimiterRes)) throw result.reason;
      retryAfterMs = Math.max(retryAfterMs, result.reason.msBeforeNext);
    }
    if (retryAfterMs === 0) return;
    const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
    return reply
      .status(429)
      .header('retry-after', String(seconds))
      .send(errorBody(429, tooManyRequests(seconds)));
  });
}
