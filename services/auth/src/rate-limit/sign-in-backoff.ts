import { Inject, Injectable } from '@nestjs/common';
import { REDIS, TooManyAttemptsException } from '@mcat/service-kit';
import type Redis from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';

/**
 * The per-account sign-in rule (docs/adr/0005): after `failures` wrong passwords within
 * `windowSeconds`, from any addresses, the account waits `firstWaitSeconds`; each wrong password
 * after a wait starts the next one, twice as long, up to `maxWaitSeconds`. The number of waits is
 * forgotten `memorySeconds` after the first, or at a successful sign-in.
 */
export interface SignInBackoffRule {
  failures: number;
  windowSeconds: number;
  firstWaitSeconds: number;
  maxWaitSeconds: number;
  memorySeconds: number;
}

export const SIGN_IN_BACKOFF_RULE = Symbol('SIGN_IN_BACKOFF_RULE');

/** One counted sign-in attempt, and whether a wrong password now makes the account wait. */
export interface SignInAttempt {
  account: string;
  startsWait: boolean;
}

/**
 * Per-account sign-in limit with backoff, after rate-limiter-flexible's "dynamic block duration"
 * pattern: one limiter counts the attempts in the window and holds the wait (`block`), a second
 * counts the waits so far. Attempts are counted before the password is checked, so a burst from
 * many addresses at once cannot get more tries than the rule allows. Keys: `rate-limit:
 * loginPerAccount:<e-mail>` and `rate-limit:loginPerAccountWaits:<e-mail>`, for unknown e-mails
 * alike, so a wait does not tell whether an account exists.
 */
@Injectable()
export class SignInBackoff {
  private readonly attempts: RateLimiterRedis;
  private readonly waits: RateLimiterRedis;

  constructor(
    @Inject(REDIS) redis: Redis,
    @Inject(SIGN_IN_BACKOFF_RULE) private readonly rule: SignInBackoffRule,
  ) {
    this.attempts = new RateLimiterRedis({
      storeClient: redis,
      keyPrefix: 'rate-limit:loginPerAccount',
      points: rule.failures,
      duration: rule.windowSeconds,
    });
    this.waits = new RateLimiterRedis({
      storeClient: redis,
      keyPrefix: 'rate-limit:loginPerAccountWaits',
      points: Number.MAX_SAFE_INTEGER,
      duration: rule.memorySeconds,
    });
  }

  /** Counts an attempt before the password is checked; 429 while the account waits. */
  async admit(account: string): Promise<SignInAttempt> {
    const [counted, waits] = await Promise.all([
      this.attempts.consume(account).catch((rejected: unknown) => {
        if (!(rejected instanceof RateLimiterRes)) throw rejected;
        throw new TooManyAttemptsException(Math.ceil(rejected.msBeforeNext / 1000));
      }),
      this.waits.get(account),
    ]);
    const waited = waits?.consumedPoints ?? 0;
    // After a wait, one attempt at a time: a wrong one starts the next wait.
    const allowed = waited > 0 ? 1 : this.rule.failures;
    if (counted.consumedPoints > allowed) {
      throw new TooManyAttemptsException(this.waitSeconds(waited + 1));
    }
    return { account, startsWait: counted.consumedPoints >= allowed };
  }

  /** A wrong password: the attempt that used up the allowance starts the next, longer wait. */
  async failed(attempt: SignInAttempt): Promise<void> {
    if (!attempt.startsWait) return;
    const { consumedPoints } = await this.waits.penalty(attempt.account);
    await this.attempts.block(attempt.account, this.waitSeconds(consumedPoints));
  }

  /** The right password: the account's attempts and waits are forgotten. */
  async succeeded(account: string): Promise<void> {
    await Promise.all([this.attempts.delete(account), this.waits.delete(account)]);
  }

  /** The wait number `n` (from 1): the first wait doubled n-1 times, capped. */
  private waitSeconds(n: number): number {
    return Math.min(this.rule.firstWaitSeconds * 2 ** (n - 1), this.rule.maxWaitSeconds);
  }
}
