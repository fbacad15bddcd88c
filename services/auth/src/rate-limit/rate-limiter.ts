import { Inject, Injectable } from '@nestjs/common';
import { REDIS } from '@mcat/service-kit';
import type Redis from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import {
  RATE_LIMIT_EXEMPT_IPS_TOKEN,
  RATE_LIMIT_POLICY_TOKEN,
  type RateLimitName,
  type RateLimitPolicy,
} from './rate-limit.policy';
import { TooManyAttemptsException } from './too-many-attempts.exception';

/** Counts attempts per key in Redis and refuses the ones over a rule's limit with a 429. */
@Injectable()
export class RateLimiter {
  private readonly limiters: Record<RateLimitName, RateLimiterRedis>;

  constructor(
    @Inject(REDIS) redis: Redis,
    @Inject(RATE_LIMIT_POLICY_TOKEN) private readonly policy: RateLimitPolicy,
    @Inject(RATE_LIMIT_EXEMPT_IPS_TOKEN) private readonly exemptAddresses: ReadonlySet<string>,
  ) {
    const entries = Object.entries(policy).map(([name, rule]) => [
      name,
      new RateLimiterRedis({
        storeClient: redis,
        keyPrefix: `rate-limit:${name}`,
        points: rule.points,
        duration: rule.windowSeconds,
      }),
    ]);
    this.limiters = Object.fromEntries(entries) as Record<RateLimitName, RateLimiterRedis>;
  }

  /** Counts one attempt against every rule given; over any of them is a 429. */
  async consume(attempts: Partial<Record<RateLimitName, string>>): Promise<void> {
    const counted = Object.entries(attempts).filter(
      ([name, key]) =>
        !(this.policy[name as RateLimitName].perAddress && this.exemptAddresses.has(key)),
    );
    const results = await Promise.allSettled(
      counted.map(([name, key]) => this.limiters[name as RateLimitName].consume(key)),
    );
    let retryAfterMs = 0;
    for (const result of results) {
      if (result.status === 'fulfilled') continue;
      if (!(result.reason instanceof RateLimiterRes)) throw result.reason;
      retryAfterMs = Math.max(retryAfterMs, result.reason.msBeforeNext);
    }
    if (retryAfterMs > 0) throw new TooManyAttemptsException(Math.ceil(retryAfterMs / 1000));
  }

  /** Forgets a key's attempts (a successful login clears its e-mail's count). */
  async reset(name: RateLimitName, key: string): Promise<void> {
    await this.limiters[name].delete(key);
  }
}
