import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { REVIEW_REMINDER_MESSAGES, type MessageResponse } from '@mcat/contracts';
import { ApiException } from '@mcat/service-kit';
import type { Model } from 'mongoose';
import { User } from '../users/user.schema';
import { UnsubscribeTokens } from './unsubscribe-tokens';

/** The one-click unsubscribe of reminder mails (RFC 8058; docs/adr/0035-review-reminders.md). */
@Injectable()
export class ReviewRemindersService {
  constructor(
    @InjectModel(User.name) private readonly users: Model<User>,
    private readonly tokens: UnsubscribeTokens,
  ) {}

  /** The account a token names; 400 for a malformed or tampered one. */
  accountOf(token: string): string {
    const userId = this.tokens.verify(token);
    if (userId === null) {
      throw new ApiException('VALIDATION', REVIEW_REMINDER_MESSAGES.unsubscribeInvalid);
    }
    return userId;
  }

  /**
   * Turns the account's reminders off and changes nothing else (the hour and zone stay for when
   * the student turns them on again). The same answer again, and for an account deleted since:
   * either way no reminder goes out.
   */
  async unsubscribe(token: string): Promise<MessageResponse> {
    await this.users.updateOne(
      { _id: this.accountOf(token) },
      { $set: { 'reviewReminders.enabled': false, reviewReminderAt: null } },
    );
    return { message: REVIEW_REMINDER_MESSAGES.unsubscribed };
  }
}
