import { Module, type DynamicModule } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import type { AuthConfig } from '../config';
import { User, UserSchema } from '../users/user.schema';
import { DueCountClient } from './due-count.client';
import { ReminderCheck } from './reminder-check';
import { REMINDER_SCHEDULER_OPTIONS, ReminderCheckScheduler } from './reminder-check.scheduler';
import { ReviewRemindersService } from './review-reminders.service';
import { UnsubscribeController } from './unsubscribe.controller';
import { UnsubscribeTokens } from './unsubscribe-tokens';

/** The daily re-review reminder mails: their check on BullMQ and the one-click unsubscribe. */
@Module({})
export class ReviewRemindersModule {
  static register(config: AuthConfig): DynamicModule {
    return {
      module: ReviewRemindersModule,
      imports: [MongooseModule.forFeature([{ name: User.name, schema: UserSchema }])],
      controllers: [UnsubscribeController],
      providers: [
        {
          provide: UnsubscribeTokens,
          useValue: new UnsubscribeTokens(config.REVIEW_REMINDER_SECRET),
        },
        {
          provide: REMINDER_SCHEDULER_OPTIONS,
          useValue: { redisUrl: config.REDIS_URL, everyMs: config.REVIEW_REMINDER_CHECK_MS },
        },
        DueCountClient,
        ReminderCheck,
        ReminderCheckScheduler,
        ReviewRemindersService,
      ],
    };
  }
}
