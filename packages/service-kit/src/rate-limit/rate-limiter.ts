import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { REDIS } from '../infra/redis';
import {
  RATE_LIMIT_EXEMPT_ADDRESSES,
  RATE_LIMIT_RULES,
  type RateLimitRule,
  type RateLimitRules,
} from './rate-limit.policy';
import { TooManyAttemptsException } from './too-many-attempts.exception';

/**
 * Counts attempts per key in Redis, so the limits hold across replicas, and refuses the ones over
 * a rule's limit with a 429 (TooManyAttemptsException). `Name` is the service's rule names.
 */
@Injectable()
export class RateLimiter<Name extends string = string> {
  private readonly limiters: Readonly<Record<Name, RateLimiterRedis>>;

  constructor(
    @Inject(REDIS) redis: Redis,
    @Inject(RATE_LIMIT_RULES) private readonly rules: RateLimitRules<Name>,
    @Inject(RATE_LIMIT_EXEMPT_ADDRESSES) private readonly exemptAddresses: ReadonlySet<string>,
  ) {
    const entries = (Object.entries(rules) as [Name, RateLimitRule][]).map(([name, rule]) => [
      name,
      new RateLimiterRedis({
        storeClient: redis,
        keyPrefix: `rate-limit:${name}`,
        points: rule.points,
        duration: rule.windowSeconds,
      }),
    ]);
    this.limiters = Object.fromEntries(entries) as Record<Name, RateLimiterRedis>;
  }

  /** Counts one attempt against every rule given, by its key; over any of them is a 429. */
  async consume(attempts: Partial<Record<Name, string>>): Promise<void> {
    const counted = (Object.entries(attempts) as [Name, string][]).filter(
      ([name, key]) => !(this.rules[name].perAddress && this.exemptAddresses.has(key)),
    );
    const results = await Promise.allSettled(
      counted.map(([name, key]) => this.limiters[name].consume(key)),
    );
    let retryAfterMs = 0;
    for (const result of results) {
      if (result.status === 'fulfilled') continue;
      if (!(result.reason instanceof RateLimiterRes)) throw result.reason;
      retryAfterMs = Math.max(retryAfterMs, result.reason.msBeforeNext);
    }
    if (retryAfterMs > 0) throw new TooManyAttemptsException(Math.ceil(retryAfterMs / 1000));
  }

  /** Forgets a key's attempts under one rule (a successful login clears its e-mail's count). */
  async reset(name: Name, key: string): Promise<void> {
    await this.limiters[name].delete(key);
  }
}
