import { Inject, Injectable, Logger } from '@nestjs/common';
import { internalRequestHeaders } from '../http/internal-credential';
import { PLANS_OPTIONS, type PlansOptions } from './plans.options';

interface InternalUser {
  userId: string;
  isPremium: boolean;
}

/**
 * Auth's answer about a user (`GET /internal/users/:id`, with the service credential, given up
 * after 2 s): the plan read-through here, the planned testing date of the tests service's
 * projection. Rejects when auth cannot be reached.
 */
export function requestInternalUser(
  authInternalUrl: string,
  internalApiToken: string,
  userId: string,
): Promise<Response> {
  const url = new URL(`/internal/users/${encodeURIComponent(userId)}`, authInternalUrl);
  return fetch(url, {
    headers: internalRequestHeaders(internalApiToken),
    signal: AbortSignal.timeout(2000),
  });
}

/** Asks the auth service for a user's current plan (`GET /internal/users/:id`). */
@Injectable()
export class AuthPlanClient {
  private readonly logger = new Logger(AuthPlanClient.name);

  constructor(@Inject(PLANS_OPTIONS) private readonly options: PlansOptions) {}

  /** True or false from auth; null when auth does not know the user or cannot be reached. */
  async isPremium(userId: string): Promise<boolean | null> {
    try {
      const response = await requestInternalUser(
        this.options.authInternalUrl,
        this.options.internalApiToken,
        userId,
      );
      if (!response.ok) return null;
      const user = (await response.json()) as Partial<InternalUser>;
      return typeof user.isPremium === 'boolean' ? user.isPremium : null;
    } catch (error) {
      this.logger.warn(`Plan read-through to auth failed: ${(error as Error).message}`);
      return null;
    }
  }
}
