import type { RateLimitRules } from '@mcat/service-kit';
import type { SignInBackoffRule } from './sign-in-backoff';

export type RateLimitName =
  | 'loginPerEmailAndIp'
  | 'loginPerIp'
  | 'registerPerIp'
  | 'forgotPasswordPerEmail'
  | 'forgotPasswordPerIp';

export type RateLimitPolicy = RateLimitRules<RateLimitName>;

/** Issue 3's limits, counted by the kit's RateLimiter in Redis, so they hold across replicas. */
export const RATE_LIMIT_POLICY: RateLimitPolicy = {
  loginPerEmailAndIp: { points: 10, windowSeconds: 15 * 60 },
  loginPerIp: { points: 100, windowSeconds: 15 * 60, perAddress: true },
  registerPerIp: { points: 20, windowSeconds: 60 * 60, perAddress: true },
  forgotPasswordPerEmail: { points: 5, windowSeconds: 60 * 60 },
  forgotPasswordPerIp: { points: 20, windowSeconds: 60 * 60, perAddress: true },
};

/**
 * Per account (e-mail), from any addresses: 10 wrong passwords in 15 minutes make it wait 1
 * minute; each wrong password after a wait doubles it, up to 15 minutes; a day after the first
 * wait, or at the right password, it starts over (SignInBackoff).
 */
export const SIGN_IN_BACKOFF: SignInBackoffRule = {
  failures: 10,
  windowSeconds: 15 * 60,
  firstWaitSeconds: 60,
  maxWaitSeconds: 15 * 60,
  memorySeconds: 24 * 60 * 60,
};
