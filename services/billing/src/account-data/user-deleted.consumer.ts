import { Controller, Logger } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { EVENT_SUBJECTS, type EventEnvelope } from '@mcat/contracts';
import { AccountDataService } from './account-data.service';

/**
 * A deleted account: the payment records stay without name and e-mail, everything else of the
 * user's goes. Idempotent: a repeated event finds nothing left to change.
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
