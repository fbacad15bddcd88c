import { Module, type DynamicModule } from '@nestjs/common';
import { ServiceKitModule } from '@mcat/service-kit';
import type { MailerConfig } from './config';
import { MailModule } from './mail/mail.module';

@Module({})
export class AppModule {
  static register(config: MailerConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [ServiceKitModule.forRoot({ name: 'mailer', config }), MailModule.register(config)],
    };
  }
}
