import { Controller, Logger } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { EVENT_SUBJECTS, type EventEnvelope } from '@mcat/contracts';
import { AccountDataService } from './account-data.service';

/**
 * A deleted account: every document of the user goes, and the kept list with it. Idempotent: a
 * repeated event finds nothing left.
 */
@Controller()
export class UserDeletedController {
  private readonly logger = new Logger('user-deleted');

  constructor(private readonly accountData: AccountDataService) {}

  @EventPattern(EVENT_SUBJECTS.userDeleted)
  async userDeleted(@Payload() event: EventEnvelope<'auth.user.deleted'>): Promise<void> {
    const erased = await this.accountData.erase(event.data.userId);
    this.logger.log(
      `Erased the data of deleted user ${event.data.userId}: ${JSON.stringify(erased)}`,
    );
  }
}
