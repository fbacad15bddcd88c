import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { PasswordHasher } from '../passwords/password-hasher';
import { ResetToken, ResetTokenSchema } from '../password-reset/reset-token.schema';
import { User, UserSchema } from '../users/user.schema';
import { AccountDataController } from './account-data.controller';
import { AccountDataService } from './account-data.service';
import { ServiceExportsClient } from './service-exports.client';

/** The student's data export and the deletion of the account. */
@Module({
  imports: [
    MongooseModule.forFeature([
      { name: User.name, schema: UserSchema },
      { name: ResetToken.name, schema: ResetTokenSchema },
    ]),
  ],
  controllers: [AccountDataController],
  providers: [AccountDataService, ServiceExportsClient, PasswordHasher],
})
export class AccountDataModule {}
