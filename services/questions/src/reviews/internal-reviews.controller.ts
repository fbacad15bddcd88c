import { Controller, Get, Param } from '@nestjs/common';
import type { DueCount } from '@mcat/contracts';
import { ObjectIdPipe, Public } from '@mcat/service-kit';
import { ReviewsService } from './reviews.service';

/**
 * A student's due count for auth's re-review reminder (docs/adr/0035-review-reminders.md), with
 * the service credential: the same count as the dashboard's. Not routed by the gateway.
 */
@Public()
@Controller('internal/questions/users')
export class InternalReviewsController {
  constructor(private readonly reviews: ReviewsService) {}

  @Get(':id/review/due/count')
  dueCount(@Param('id', new ObjectIdPipe('user id')) userId: string): Promise<DueCount> {
    return this.reviews.dueCount(userId);
  }
}
