import { Global, Module, type DynamicModule } from '@nestjs/common';
import { AccountNotices } from './account-notices';
import { MAIL_REDIS_URL, MailQueue } from './mail-queue';

/** The mail queue (reset mails, account notices), for every module of the service. */
@Global()
@Module({})
export class MailModule {
  static register(redisUrl: string): DynamicModule {
    return {
      module: MailModule,
      providers: [{ provide: MAIL_REDIS_URL, useValue: redisUrl }, MailQueue, AccountNotices],
      exports: [MailQueue, AccountNotices],
    };
  }
}
