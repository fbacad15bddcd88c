import { Module } from '@nestjs/common';
import { TestsModule } from '../tests/tests.module';
import { InternalAccountDataController } from './internal-account-data.controller';
import { UserDeletedController } from './user-deleted.consumer';

/** The tests service's part of a student's data export and of an account's deletion. */
@Module({
  imports: [TestsModule],
  controllers: [InternalAccountDataController, UserDeletedController],
})
export class AccountDataModule {}
