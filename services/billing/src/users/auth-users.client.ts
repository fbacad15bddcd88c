import {
  HttpException,
  HttpStatus,
  Inject,
  Injectable,
  Logger,
  ServiceUnavailableException,
} from '@nestjs/common';
import type { ApiError, User } from '@mcat/contracts';
import { internalRequestHeaders, SERVICE_CONFIG, traceHeaders } from '@mcat/service-kit';
import type { BillingConfig } from '../config';

const TIMEOUT_MS = 5000;

/**
 * Billing's two calls to the auth service: the caller's own account (`GET /api/auth/me` with the
 * caller's token: the e-mail, the plan, and the user answered after a purchase) and marking a user
 * premium (`POST /internal/users/:id/premium`, idempotent).
 */
@Injectable()
export class AuthUsersClient {
  private readonly logger = new Logger(AuthUsersClient.name);

  constructor(@Inject(SERVICE_CONFIG) private readonly config: BillingConfig) {}

  /**
   * The caller's account as auth shows it. Auth's 4xx answers (an outdated token) are passed on;
   * auth out of reach is a 503 with `unavailableMessage`.
   */
  async me(authorization: string, unavailableMessage: string): Promise<User> {
    const headers = { ...traceHeaders(), authorization };
    const response = await this.call('/api/auth/me', { headers }).catch((error: Error) => {
      this.logger.warn(`GET /api/auth/me failed: ${error.message}`);
      throw new ServiceUnavailableException(unavailableMessage);
    });
    if (response.ok) return (await response.json()) as User;
    if (response.status >= 400 && response.status < 500) {
      const body = (await response.json().catch(() => null)) as Partial<ApiError> | null;
      throw new HttpException(
        { message: body?.message ?? unavailableMessage, code: body?.code },
        response.status,
      );
    }
    this.logger.warn(`GET /api/auth/me answered ${response.status}`);
    throw new ServiceUnavailableException(unavailableMessage);
  }

  /** Marks the user premium in auth; throws when auth did not confirm it. */
  async markPremium(userId: string): Promise<void> {
    const path = `/internal/users/${encodeURIComponent(userId)}/premium`;
    const response = await this.call(path, {
      method: 'POST',
      headers: internalRequestHeaders(this.config.INTERNAL_API_TOKEN),
    });
    if (!response.ok) {
      throw new HttpException(
        `auth answered ${response.status} to ${path}`,
        HttpStatus.BAD_GATEWAY,
      );
    }
  }

  private call(path: string, init: RequestInit): Promise<Response> {
    return fetch(new URL(path, this.config.AUTH_INTERNAL_URL), {
      ...init,
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  }
}
