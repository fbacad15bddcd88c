import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { IDEMPOTENCY_MODELS } from '@mcat/service-kit';
import { REVIEW_MODELS } from '../reviews/review-schedule.schema';
import { TestSummariesModule } from '../test-summaries/test-summaries.module';
import { QUESTION_MODELS } from './question.schema';
import { QuestionsController } from './questions.controller';
import { TestEventsController } from './test-events.consumer';
import { QuestionListCache } from './question-list.cache';
import { QuestionsService } from './questions.service';

@Module({
  imports: [
    MongooseModule.forFeature([...QUESTION_MODELS, ...REVIEW_MODELS, ...IDEMPOTENCY_MODELS]),
    TestSummariesModule,
  ],
  controllers: [QuestionsController, TestEventsController],
  providers: [QuestionsService, QuestionListCache],
  exports: [QuestionsService, QuestionListCache],
})
export class QuestionsModule {}
