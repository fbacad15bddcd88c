import { Injectable, Logger } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Metrics } from '@mcat/service-kit';
import type { Model, Types } from 'mongoose';
import type { Counter } from 'prom-client';
import { MailQueue } from '../mail/mail-queue';
import { User } from '../users/user.schema';
import { DueCountClient } from './due-count.client';
import { reviewRemindersOf } from './review-reminder-setting.schema';
import { decideReminder } from './reminder-schedule';
import { UnsubscribeTokens } from './unsubscribe-tokens';

type OwedUser = Pick<
  User,
  'name' | 'email' | 'reviewReminders' | 'reviewReminderAt' | 'reviewReminderSentOn'
> & { _id: Types.ObjectId };

type Outcome = 'queued' | 'nothing_due' | 'rescheduled' | 'taken' | 'failed';

/**
 * One pass of the reminder check (docs/adr/0035-review-reminders.md): every live account whose
 * reminder time has come, read through the `reviewReminderAt` index. For each, the rule of
 * `decideReminder` on its own zone and setting; if a reminder is owed, the due count from the
 * questions service, then, when something is due, the claim and the mail.
 *
 * The claim is one conditional write: it lands only on the `reviewReminderAt` and
 * `reviewReminderSentOn` this pass read, so of two checks at once (two replicas, a slow pass and
 * the next), a change of the setting or a deletion meanwhile, one only wins, and a local date once
 * written as sent is never sent again. A mail that cannot be queued gives its claim back for the
 * next check.
 */
@Injectable()
export class ReminderCheck {
  private readonly logger = new Logger('review-reminders');
  private readonly outcomes: Counter<'outcome'>;

  constructor(
    @InjectModel(User.name) private readonly users: Model<User>,
    private readonly questions: DueCountClient,
    private readonly mail: MailQueue,
    private readonly tokens: UnsubscribeTokens,
    metrics: Metrics,
  ) {
    this.outcomes = metrics.counter(
      'review_reminders_total',
      'Reminders owed at a check, by what came of them',
      ['outcome'],
    );
  }

  async run(now: Date): Promise<void> {
    const owed = this.users
      .find(
        { reviewReminderAt: { $lte: now } },
        { name: 1, email: 1, reviewReminders: 1, reviewReminderAt: 1, reviewReminderSentOn: 1 },
      )
      .sort({ reviewReminderAt: 1 })
      .lean<OwedUser>()
      .cursor();
    for await (const user of owed) {
      this.outcomes.inc({ outcome: await this.remind(user, now) });
    }
  }

  private async remind(user: OwedUser, now: Date): Promise<Outcome> {
    const settings = reviewRemindersOf(user.reviewReminders);
    const before = {
      reviewReminderAt: user.reviewReminderAt,
      reviewReminderSentOn: user.reviewReminderSentOn,
    };
    const read = { _id: user._id, ...before };
    const decision = decideReminder(settings, user.reviewReminderSentOn, now);
    if (decision.kind === 'wait') {
      await this.users.updateOne(read, { $set: { reviewReminderAt: decision.at } });
      return 'rescheduled';
    }
    const userId = user._id.toHexString();
    let due: number;
    try {
      due = await this.questions.dueCount(userId);
    } catch (error) {
      this.logger.warn(
        `No due count for user ${userId} (tried again at the next check): ${(error as Error).message}`,
      );
      return 'failed';
    }
    if (due === 0) {
      await this.users.updateOne(read, { $set: { reviewReminderAt: decision.nextAt } });
      return 'nothing_due';
    }
    const claim = { reviewReminderAt: decision.nextAt, reviewReminderSentOn: decision.localDate };
    const { modifiedCount } = await this.users.updateOne(read, { $set: claim });
    if (modifiedCount !== 1) return 'taken';
    try {
      await this.mail.sendReviewReminder(userId, {
        to: user.email,
        name: user.name,
        due,
        localDate: decision.localDate,
        hour: settings.hour,
        timeZone: settings.timeZone,
        unsubscribeToken: this.tokens.issue(userId),
      });
      return 'queued';
    } catch (error) {
      this.logger.error(
        `Could not queue the reminder of user ${userId}: ${(error as Error).message}`,
      );
      await this.users.updateOne({ _id: user._id, ...claim }, { $set: before });
      return 'failed';
    }
  }
}
