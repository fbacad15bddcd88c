import { Module } from '@nestjs/common';
import { QuestionsModule } from '../questions/questions.module';
import { AccountDataService } from './account-data.service';
import { InternalAccountDataController } from './internal-account-data.controller';
import { UserDeletedController } from './user-deleted.consumer';

/** The questions service's part of a student's data export and of an account's deletion. */
@Module({
  imports: [QuestionsModule],
  controllers: [InternalAccountDataController, UserDeletedController],
  providers: [AccountDataService],
})
export class AccountDataModule {}
