import { Controller, Logger } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { EVENT_SUBJECTS, type EventEnvelope } from '@mcat/contracts';
import { AccountDataEraser } from './account-data-eraser';

/**
 * A deleted account (`auth.user.deleted`): its data in this service is erased. Idempotent: a
 * repeated event finds nothing left to change.
 */
@Controller()
export class UserDeletedController {
  private readonly logger = new Logger('user-deleted');

  constructor(private readonly eraser: AccountDataEraser) {}

  @EventPattern(EVENT_SUBJECTS.userDeleted)
  async userDeleted(@Payload() event: EventEnvelope<'auth.user.deleted'>): Promise<void> {
    const erased = await this.eraser.erase(event.data.userId);
    this.logger.log(
      `Erased the data of deleted user ${event.data.userId}: ${JSON.stringify(erased)}`,
    );
  }
}
