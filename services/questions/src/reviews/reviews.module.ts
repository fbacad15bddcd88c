import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { QuestionsModule } from '../questions/questions.module';
import { InternalReviewsController } from './internal-reviews.controller';
import { REVIEW_MODELS } from './review-schedule.schema';
import { ReviewsController } from './reviews.controller';
import { ReviewsService } from './reviews.service';

@Module({
  imports: [MongooseModule.forFeature(REVIEW_MODELS), QuestionsModule],
  controllers: [ReviewsController, InternalReviewsController],
  providers: [ReviewsService],
})
export class ReviewsModule {}
