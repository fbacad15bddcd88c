import { Inject, Injectable, Logger } from '@nestjs/common';
import { internalRequestHeaders } from '../http/internal-credential';
import { PLANS_OPTIONS, type PlansOptions } from './plans.options';

interface InternalUser {
  userId: string;
  isPremium: boolean;
}

/** Asks the auth service for a user's current plan (`GET /internal/users/:id`). */
@Injectable()
export class AuthPlanClient {
  private readonly logger = new Logger(AuthPlanClient.name);

  constructor(@Inject(PLANS_OPTIONS) private readonly options: PlansOptions) {}

  /** True or false from auth; null when auth does not know the user or cannot be reached. */
  async isPremium(userId: string): Promise<boolean | null> {
    const url = new URL(
      `/internal/users/${encodeURIComponent(userId)}`,
      this.options.authInternalUrl,
    );
    try {
      const response = await fetch(url, {
        headers: internalRequestHeaders(this.options.internalApiToken),
        signal: AbortSignal.timeout(2000),
      });
      if (!response.ok) return null;
      const user = (await response.json()) as Partial<InternalUser>;
      return typeof user.isPremium === 'boolean' ? user.isPremium : null;
    } catch (error) {
      this.logger.warn(`Plan read-through to auth failed: ${(error as Error).message}`);
      return null;
    }
  }
}
