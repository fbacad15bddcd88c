import {
  Inject,
  Injectable,
  Logger,
  ServiceUnavailableException,
  UnauthorizedException,
} from '@nestjs/common';
import { AUTH_MESSAGES, PROJECTION_MESSAGES } from '@mcat/contracts';
import { internalRequestHeaders, SERVICE_CONFIG } from '@mcat/service-kit';
import type { TestsConfig } from '../config';

interface InternalUser {
  plannedTestingDate?: unknown;
}

const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Reads a user's planned testing date from auth at the moment of asking (`GET /internal/users/:id`,
 * the plan read-through), so a profile change shows in the next projection; nothing is cached.
 */
@Injectable()
export class AuthProfileClient {
  private readonly logger = new Logger(AuthProfileClient.name);

  constructor(@Inject(SERVICE_CONFIG) private readonly config: TestsConfig) {}

  /** 'YYYY-MM-DD' or null; 401 for a user auth no longer knows, 503 when auth cannot answer. */
  async plannedTestingDate(userId: string): Promise<string | null> {
    const url = new URL(
      `/internal/users/${encodeURIComponent(userId)}`,
      this.config.AUTH_INTERNAL_URL,
    );
    let response: Response;
    try {
      response = await fetch(url, {
        headers: internalRequestHeaders(this.config.INTERNAL_API_TOKEN),
        signal: AbortSignal.timeout(2000),
      });
    } catch (error) {
      this.logger.warn(`Planned date read-through failed: ${(error as Error).message}`);
      throw new ServiceUnavailableException(PROJECTION_MESSAGES.unavailable);
    }
    if (response.status === 404) throw new UnauthorizedException(AUTH_MESSAGES.signInAgain);
    if (!response.ok) throw new ServiceUnavailableException(PROJECTION_MESSAGES.unavailable);
    const { plannedTestingDate } = (await response.json()) as InternalUser;
    return typeof plannedTestingDate === 'string' && CALENDAR_DATE.test(plannedTestingDate)
      ? plannedTestingDate
      : null;
  }
}
