import { createHash } from 'node:crypto';
import { Logger } from '@nestjs/common';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import Redis from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { tooManyRequests } from '@mcat/contracts';
import { errorBody } from '@mcat/service-kit/core';

export interface RateLimitOptions {
  /** API requests a client address may make per minute (0: no limit). */
  perAddress: number;
  /** API requests one bearer token may make per minute, from any address (0: no limit). */
  perToken: number;
  /** Client addresses neither limit counts (the local browser tests, a monitoring probe). */
  exemptAddresses: readonly string[];
  /** The Redis every gateway replica counts in (REDIS_URL). */
  redisUrl: string;
}

const WINDOW_SECONDS = 60;

/**
 * The Redis keys of the counters, `<prefix>:<address>` and `<prefix>:<token digest>`: the services'
 * family (`rate-limit:<rule>:<key>`, packages/service-kit/src/rate-limit), the rule naming the
 * gateway and the limit.
 */
export const RATE_LIMIT_KEY_PREFIXES = {
  perAddress: 'rate-limit:gatewayPerAddress',
  perToken: 'rate-limit:gatewayPerToken',
} as const;

/**
 * The longest a request waits for its counter in Redis. Past it (a Redis that stopped answering
 * without closing the connection) the request is counted in this process instead.
 */
export const REDIS_COMMAND_TIMEOUT_MS = 1000;
/** How often a connected Redis is asked to answer (PING). */
const WATCHDOG_INTERVAL_MS = 1000;
/** Checks in a row it may miss before its connection is dropped and made again. */
const WATCHDOG_MISSES = 2;
/**
 * How long the gateway waits at start for Redis before it listens anyway, counting in its own
 * memory until Redis is ready: a new replica counts with the others from its first request.
 */
const STARTUP_WAIT_MS = 3000;

/** A token is counted by its digest: the counters never hold a usable credential. */
const tokenKey = (authorization: string): string =>
  createHash('sha256').update(authorization).digest('base64url');

/**
 * The connection the counters use. No request ever waits for Redis to come back: while it is
 * away (refused, closed, not yet ready) a command fails at once instead of queueing (no offline
 * queue, no retry of a command cut by a disconnect), and one sent to a Redis that went silent
 * fails after REDIS_COMMAND_TIMEOUT_MS. The connection is made again forever in the background.
 * Not the kit's redisProvider: that one is Nest-injected from `@mcat/service-kit`, which loads
 * mongoose and nats (the gateway uses `@mcat/service-kit/core` only), and it queues nothing
 * either but has no command timeout.
 */
function counterStore(
  url: string,
  logger: Logger,
): { redis: Redis; ready: Promise<void>; close(): Promise<void> } {
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    connectTimeout: 2000,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
  });
  let away = false;
  const lost = (why: string) => {
    if (away) return;
    away = true;
    logger.warn(`Redis unreachable (${why}): counting the rate limits in this process meanwhile`);
  };
  redis.on('error', (error: Error) => lost(error.message));
  redis.on('ready', () => {
    if (!away) return;
    away = false;
    logger.log('Redis is back: the rate limits are shared by every gateway again');
  });

  // A Redis host that vanished without closing the connection (a node lost, a network cut) keeps
  // it "ready" until TCP gives up, hours later: every request would wait the command timeout.
  // A connection that misses two checks in a row, or is stuck in its handshake, is made again;
  // meanwhile its status is not ready and the counters are this process's at once.
  let misses = 0;
  const missed = () => {
    misses += 1;
    if (misses < WATCHDOG_MISSES) return;
    misses = 0;
    lost('it stopped answering');
    redis.disconnect(true);
  };
  const watchdog = setInterval(() => {
    if (redis.status === 'ready') {
      void redis.ping().then(() => (misses = 0), missed);
    } else if (redis.status === 'connect') {
      missed();
    } else {
      misses = 0;
    }
  }, WATCHDOG_INTERVAL_MS);
  watchdog.unref();

  let started: NodeJS.Timeout | undefined;
  const ready = new Promise<void>((resolve) => {
    started = setTimeout(resolve, STARTUP_WAIT_MS);
    redis.once('ready', resolve);
  }).finally(() => clearTimeout(started));

  return {
    redis,
    ready,
    close: async () => {
      clearInterval(watchdog);
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}

/**
 * One limit in Redis, shared by every gateway replica. While Redis cannot count (unreachable,
 * not ready, too slow) the same limit is counted in this process (the insurance limiter): each
 * replica then allows up to the limit on its own, rather than refusing or holding every request.
 * A key over its limit is also refused from memory until its window ends, without asking Redis
 * again (a flood costs Redis one command per replica and key, not one per request).
 */
function sharedLimiter(redis: Redis, keyPrefix: string, points: number): RateLimiterRedis | null {
  if (points <= 0) return null;
  return new RateLimiterRedis({
    storeClient: redis,
    useRedisPackage: false,
    rejectIfRedisNotReady: true,
    keyPrefix,
    points,
    duration: WINDOW_SECONDS,
    inMemoryBlockOnConsumed: points + 1,
    insuranceLimiter: new RateLimiterMemory({ keyPrefix, points, duration: WINDOW_SECONDS }),
  });
}

/**
 * The gateway's own limits on `/api/*`, before a token is checked or anything is forwarded: per
 * client address (`request.ip`, which honours TRUST_PROXY) and per bearer token. Over either
 * answers 429 with Retry-After. The counters are in Redis, so a client spread over N gateway
 * replicas gets the limit once, not N times; while Redis is away, each replica counts on its own
 * (docs/gateway.md "Rate limits", docs/security.md). Resolves once Redis is ready, or after
 * STARTUP_WAIT_MS without it.
 */
export async function registerRateLimits(
  fastify: FastifyInstance,
  options: RateLimitOptions,
): Promise<void> {
  if (options.perAddress <= 0 && options.perToken <= 0) return;
  const store = counterStore(options.redisUrl, new Logger('rate-limits'));
  fastify.addHook('onClose', () => store.close());
  await store.ready;
  const byAddress = sharedLimiter(
    store.redis,
    RATE_LIMIT_KEY_PREFIXES.perAddress,
    options.perAddress,
  );
  const byToken = sharedLimiter(store.redis, RATE_LIMIT_KEY_PREFIXES.perToken, options.perToken);
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
