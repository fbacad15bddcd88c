import type { RateLimitRules } from '@mcat/service-kit';

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
