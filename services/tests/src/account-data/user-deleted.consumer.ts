import { Controller, Logger } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { InjectConnection } from '@nestjs/mongoose';
import { EVENT_SUBJECTS, type EventEnvelope } from '@mcat/contracts';
import { eraseUserDocuments } from '@mcat/service-kit';
import type { Connection } from 'mongoose';

/**
 * A deleted account: its tests, plan places, plan and stored answers go (every document of the
 * user in this service's database). Idempotent: a repeated event finds nothing left.
 */
@Controller()
export class UserDeletedController {
  private readonly logger = new Logger('user-deleted');

  constructor(@InjectConnection() private readonly connection: Connection) {}

  @EventPattern(EVENT_SUBJECTS.userDeleted)
  async userDeleted(@Payload() event: EventEnvelope<'auth.user.deleted'>): Promise<void> {
    const erased = await eraseUserDocuments(this.connection, event.data.userId);
    this.logger.log(
      `Erased the data of deleted user ${event.data.userId}: ${JSON.stringify(erased)}`,
    );
  }
}
