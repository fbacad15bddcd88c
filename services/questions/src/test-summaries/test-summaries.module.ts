import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { TestSummariesService } from './test-summaries.service';
import { TestSummaryRecord, TestSummarySchema } from './test-summary.schema';
import { TestsClient } from './tests.client';

@Module({
  imports: [
    MongooseModule.forFeature([{ name: TestSummaryRecord.name, schema: TestSummarySchema }]),
  ],
  providers: [TestsClient, TestSummariesService],
  exports: [TestSummariesService],
})
export class TestSummariesModule {}
