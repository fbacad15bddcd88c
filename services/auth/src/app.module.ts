import { Module, type DynamicModule } from '@nestjs/common';
import { RateLimitModule, ServiceKitModule } from '@mcat/service-kit';
import { Clock } from './clock/clock';
import { AccountDataModule } from './account-data/account-data.module';
import { ClockModule } from './clock/clock.module';
import type { AuthConfig } from './config';
import { MailModule } from './mail/mail.module';
import { PasswordResetModule } from './password-reset/password-reset.module';
import { ReviewRemindersModule } from './review-reminders/review-reminders.module';
import {
  RATE_LIMIT_POLICY,
  SIGN_IN_BACKOFF,
  type RateLimitPolicy,
} from './rate-limit/rate-limit.policy';
import { SignInBackoffModule } from './rate-limit/sign-in-backoff.module';
import { SessionsModule } from './sessions/sessions.module';
import { UsersModule } from './users/users.module';

/** What tests change: the clock, shorter rate-limit windows, a faster session-version watch. */
export interface AuthOverrides {
  clock?: Clock;
  rateLimits?: RateLimitPolicy;
  sessionVersionWatchMs?: number;
}

@Module({})
export class AppModule {
  static register(config: AuthConfig, overrides: AuthOverrides = {}): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ServiceKitModule.forRoot({ name: 'auth', config }),
        ClockModule.register(overrides.clock),
        RateLimitModule.register(
          overrides.rateLimits ?? RATE_LIMIT_POLICY,
          config.RATE_LIMIT_EXEMPT_IPS,
        ),
        SignInBackoffModule.register(SIGN_IN_BACKOFF),
        SessionsModule.register({
          ...config,
          sessionVersionWatchMs: overrides.sessionVersionWatchMs,
        }),
        MailModule.register(config.REDIS_URL),
        UsersModule,
        AccountDataModule,
        PasswordResetModule.register(),
        ReviewRemindersModule.register(config),
      ],
    };
  }
}
