import { Module } from '@nestjs/common';
import { AccountDataService } from './account-data.service';
import { ErasedUsers } from './erased-users';
import { InternalAccountDataController } from './internal-account-data.controller';
import { UserDeletedController } from './user-deleted.consumer';

/** Billing's part of a student's data export and of an account's deletion. */
@Module({
  controllers: [InternalAccountDataController, UserDeletedController],
  providers: [AccountDataService, ErasedUsers],
  exports: [ErasedUsers],
})
export class AccountDataModule {}
