import { commaSeparatedList } from '../config/env';

/** How many attempts a key may make within a window. */
export interface RateLimitRule {
  points: number;
  windowSeconds: number;
  /** Counted per client address only; addresses in RATE_LIMIT_EXEMPT_IPS skip these rules. */
  perAddress?: true;
}

/** A service's rules by name; the name prefixes the rule's Redis keys (`rate-limit:<name>:<key>`). */
export type RateLimitRules<Name extends string = string> = Record<Name, RateLimitRule>;

export const RATE_LIMIT_RULES = Symbol('RATE_LIMIT_RULES');
export const RATE_LIMIT_EXEMPT_ADDRESSES = Symbol('RATE_LIMIT_EXEMPT_ADDRESSES');

/**
 * RATE_LIMIT_EXEMPT_IPS: comma-separated client addresses the per-address rules do not count (a
 * trusted office NAT, a monitoring probe, the local end-to-end tests); the other rules still apply
 * to them.
 */
export const rateLimitExemptIps = commaSeparatedList();
