import { Controller, Logger } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { EVENT_SUBJECTS, type EventEnvelope } from '@mcat/contracts';
import { isValidObjectId } from 'mongoose';
import { UsersService } from './users.service';

/** What auth consumes: a premium purchase makes the buyer premium (idempotent). */
@Controller()
export class UserEventsController {
  private readonly logger = new Logger('user-events');

  constructor(private readonly users: UsersService) {}

  @EventPattern(EVENT_SUBJECTS.premiumPurchased)
  async premiumPurchased(
    @Payload() event: EventEnvelope<typeof EVENT_SUBJECTS.premiumPurchased>,
  ): Promise<void> {
    const { userId } = event.data;
    const plan = isValidObjectId(userId) ? await this.users.markPremium(userId) : null;
    if (!plan) this.logger.warn(`Premium bought for unknown user ${event.data.userId}; ignored`);
  }
}
