import { Module, type DynamicModule } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { UsersModule } from '../users/users.module';
import { PasswordResetController } from './password-reset.controller';
import { PasswordResetService } from './password-reset.service';
import { ResetToken, ResetTokenSchema } from './reset-token.schema';

@Module({})
export class PasswordResetModule {
  static register(): DynamicModule {
    return {
      module: PasswordResetModule,
      imports: [
        UsersModule,
        MongooseModule.forFeature([{ name: ResetToken.name, schema: ResetTokenSchema }]),
      ],
      controllers: [PasswordResetController],
      providers: [PasswordResetService],
    };
  }
}
