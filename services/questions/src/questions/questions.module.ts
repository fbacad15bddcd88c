import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { TestSummariesModule } from '../test-summaries/test-summaries.module';
import { MissedQuestion, MissedQuestionSchema } from './question.schema';
import { QuestionsController } from './questions.controller';
import { TestEventsController } from './questions.events';
import { QuestionsService } from './questions.service';

@Module({
  imports: [
    MongooseModule.forFeature([{ name: MissedQuestion.name, schema: MissedQuestionSchema }]),
    TestSummariesModule,
  ],
  controllers: [QuestionsController, TestEventsController],
  providers: [QuestionsService],
})
export class QuestionsModule {}
