import { Module, type DynamicModule } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { UsersModule } from '../users/users.module';
import { PasswordResetController } from './password-reset.controller';
import { PasswordResetService, RESET_LINK_BASE } from './password-reset.service';
import { MAIL_REDIS_URL, ResetMailQueue } from './reset-mail.queue';
import { ResetToken, ResetTokenSchema } from './reset-token.schema';

export interface PasswordResetOptions {
  /** The web app's address; links are `<publicUrl>/reset-password/<token>`. */
  publicUrl: string;
  redisUrl: string;
}

@Module({})
export class PasswordResetModule {
  static register(options: PasswordResetOptions): DynamicModule {
    return {
      module: PasswordResetModule,
      imports: [
        UsersModule,
        MongooseModule.forFeature([{ name: ResetToken.name, schema: ResetTokenSchema }]),
      ],
      controllers: [PasswordResetController],
      providers: [
        { provide: RESET_LINK_BASE, useValue: options.publicUrl },
        { provide: MAIL_REDIS_URL, useValue: options.redisUrl },
        ResetMailQueue,
        PasswordResetService,
      ],
    };
  }
}
