import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { TestSummariesService } from './test-summaries.service';
import { TEST_SUMMARY_MODELS } from './test-summary.schema';
import { TestsClient } from './tests.client';

@Module({
  imports: [MongooseModule.forFeature(TEST_SUMMARY_MODELS)],
  providers: [TestsClient, TestSummariesService],
  exports: [TestSummariesService],
})
export class TestSummariesModule {}
