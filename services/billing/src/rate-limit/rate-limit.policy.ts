import type { RateLimitRules } from '@mcat/service-kit';

export type BillingRateLimitName = 'applyCouponPerUser' | 'applyCouponPerIp';

export type BillingRateLimitPolicy = RateLimitRules<BillingRateLimitName>;

/**
 * Guessing coupon codes: apply-coupon attempts per account (the token's user id) and per client
 * address, counted by the kit's RateLimiter in Redis, so they hold across replicas.
 */
export const BILLING_RATE_LIMIT_POLICY: BillingRateLimitPolicy = {
  applyCouponPerUser: { points: 10, windowSeconds: 60 * 60 },
  applyCouponPerIp: { points: 30, windowSeconds: 60 * 60, perAddress: true },
};
