import { Module, type DynamicModule } from '@nestjs/common';
import type { MailerConfig } from '../config';
import { MAIL_WORKER_OPTIONS, MailWorker } from './mail.worker';
import { SMTP_OPTIONS, SmtpSender } from './smtp-sender';

@Module({})
export class MailModule {
  static register(config: MailerConfig): DynamicModule {
    return {
      module: MailModule,
      providers: [
        { provide: SMTP_OPTIONS, useValue: { url: config.SMTP_URL, from: config.MAIL_FROM } },
        {
          provide: MAIL_WORKER_OPTIONS,
          useValue: {
            redisUrl: config.REDIS_URL,
            brand: {
              name: config.BRAND_NAME,
              supportEmail: config.SUPPORT_EMAIL,
              publicUrl: config.PUBLIC_URL,
            },
            firstRetryDelayMs: config.MAIL_RETRY_DELAY_MS,
            concurrency: config.MAIL_CONCURRENCY,
          },
        },
        SmtpSender,
        MailWorker,
      ],
    };
  }
}
