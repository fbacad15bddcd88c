import {
  Inject,
  Injectable,
  Logger,
  ServiceUnavailableException,
  UnauthorizedException,
} from '@nestjs/common';
import { AUTH_MESSAGES, PROJECTION_MESSAGES } from '@mcat/contracts';
import { requestInternalUser, SERVICE_CONFIG } from '@mcat/service-kit';
import type { TestsConfig } from '../config';
import { isPlannedDate } from './planned-date.schema';

interface InternalUser {
  plannedTestingDate?: unknown;
}

/**
 * Reads a user's planned testing date from auth (`GET /internal/users/:id`, the plan
 * read-through), for a student the tests service has no copy of yet (PlannedDatesService;
 * docs/adr/0024-score-projection.md).
 */
@Injectable()
export class AuthProfileClient {
  private readonly logger = new Logger(AuthProfileClient.name);

  constructor(@Inject(SERVICE_CONFIG) private readonly config: TestsConfig) {}

  /** 'YYYY-MM-DD' or null; 401 for a user auth no longer knows, 503 when auth cannot answer. */
  async plannedTestingDate(userId: string): Promise<string | null> {
    let response: Response;
    try {
      response = await requestInternalUser(
        this.config.AUTH_INTERNAL_URL,
        this.config.INTERNAL_API_TOKEN,
        userId,
      );
    } catch (error) {
      this.logger.warn(`Planned date read-through failed: ${(error as Error).message}`);
      throw new ServiceUnavailableException(PROJECTION_MESSAGES.unavailable);
    }
    if (response.status === 404) throw new UnauthorizedException(AUTH_MESSAGES.signInAgain);
    if (!response.ok) throw new ServiceUnavailableException(PROJECTION_MESSAGES.unavailable);
    const { plannedTestingDate } = (await response.json()) as InternalUser;
    return isPlannedDate(plannedTestingDate) ? plannedTestingDate : null;
  }
}
