import { Controller, Logger } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { EVENT_SUBJECTS, type EventEnvelope } from '@mcat/contracts';
import { outboxEvent } from '@mcat/service-kit';
import { isValidObjectId, type Types } from 'mongoose';
import type { User } from './user.schema';
import { toUserSnapshot } from './user.view';
import { UsersService } from './users.service';

type EventUser = Pick<User, 'name' | 'email' | 'isPremium' | 'roles'> & { _id: Types.ObjectId };

/** `auth.user.registered`, written in the same document write as the new user. */
export const userRegistered = (user: EventUser) =>
  outboxEvent(EVENT_SUBJECTS.userRegistered, toUserSnapshot(user));

/** `auth.user.updated` (carries isPremium and roles), written with the change it describes. */
export const userUpdated = (user: EventUser) =>
  outboxEvent(EVENT_SUBJECTS.userUpdated, toUserSnapshot(user));

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
