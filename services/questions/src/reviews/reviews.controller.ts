import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import {
  reviewOutcomeSchema,
  type DueCount,
  type DueQuestion,
  type ReviewedQuestion,
  type ReviewOutcomeBody,
} from '@mcat/contracts';
import { CurrentUser, ObjectIdPipe, ZodValidationPipe, type TokenClaims } from '@mcat/service-kit';
import { ReviewsService } from './reviews.service';

const outcomeBody = new ZodValidationPipe(reviewOutcomeSchema);

/** The spaced re-review: Fastify matches `review/due` before the questions controller's `:id`. */
@Controller('api/questions')
export class ReviewsController {
  constructor(private readonly reviews: ReviewsService) {}

  /** DueQuestion[], most overdue first. */
  @Get('review/due')
  due(@CurrentUser() user: TokenClaims): Promise<DueQuestion[]> {
    return this.reviews.due(user.sub);
  }

  /** The dashboard's count, without the questions (up to 1,300 of them on a phone's connection). */
  @Get('review/due/count')
  dueCount(@CurrentUser() user: TokenClaims): Promise<DueCount> {
    return this.reviews.dueCount(user.sub);
  }

  @Post(':id/review')
  @HttpCode(200)
  review(
    @CurrentUser() user: TokenClaims,
    @Param('id', new ObjectIdPipe('question id')) id: string,
    @Body(outcomeBody) { outcome }: ReviewOutcomeBody,
  ): Promise<ReviewedQuestion> {
    return this.reviews.review(user.sub, id, outcome);
  }
}
