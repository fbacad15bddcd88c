import type { PLAN_LIMITS } from '@mcat/contracts';

/** What a service limits by plan: the keys of each plan's `PLAN_LIMITS` entry. */
export type PlanResource = keyof (typeof PLAN_LIMITS)['free'];

export interface PlansOptions {
  /** The records this service counts against the user's plan. */
  resource: PlanResource;
  /** Base URL of the auth service, for the plan read-through (`GET /internal/users/:id`). */
  authInternalUrl: string;
  /** INTERNAL_API_TOKEN, which auth's `/internal/*` routes require. */
  internalApiToken: string;
}

export const PLANS_OPTIONS = Symbol('PLANS_OPTIONS');
