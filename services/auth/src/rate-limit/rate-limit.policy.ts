/** How many attempts a key may make within a window. */
export interface RateLimitRule {
  points: number;
  windowSeconds: number;
  /** Counted per client address only; addresses in RATE_LIMIT_EXEMPT_IPS skip these rules. */
  perAddress?: true;
}

export type RateLimitName =
  | 'loginPerEmailAndIp'
  | 'loginPerIp'
  | 'registerPerIp'
  | 'forgotPasswordPerEmail'
  | 'forgotPasswordPerIp';

export type RateLimitPolicy = Record<RateLimitName, RateLimitRule>;

/** Issue 3's limits. They are kept in Redis, so they hold across replicas. */
export const RATE_LIMIT_POLICY: RateLimitPolicy = {
  loginPerEmailAndIp: { points: 10, windowSeconds: 15 * 60 },
  loginPerIp: { points: 100, windowSeconds: 15 * 60, perAddress: true },
  registerPerIp: { points: 20, windowSeconds: 60 * 60, perAddress: true },
  forgotPasswordPerEmail: { points: 5, windowSeconds: 60 * 60 },
  forgotPasswordPerIp: { points: 20, windowSeconds: 60 * 60, perAddress: true },
};

export const RATE_LIMIT_POLICY_TOKEN = Symbol('RATE_LIMIT_POLICY');
export const RATE_LIMIT_EXEMPT_IPS_TOKEN = Symbol('RATE_LIMIT_EXEMPT_IPS');
