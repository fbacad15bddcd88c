import { Controller, Get, Query } from '@nestjs/common';
import { insightsQuerySchema, type Insights, type InsightsQuery } from '@mcat/contracts';
import { CurrentUser, ZodValidationPipe, type TokenClaims } from '@mcat/service-kit';
import { InsightsService } from './insights.service';

const insightsQuery = new ZodValidationPipe(insightsQuerySchema);

@Controller('api/questions')
export class InsightsController {
  constructor(private readonly insights: InsightsService) {}

  /** Counts by section, mistake type, tag and test; the search's filters narrow them. */
  @Get('insights')
  get(
    @CurrentUser() user: TokenClaims,
    @Query(insightsQuery) filters: InsightsQuery,
  ): Promise<Insights> {
    return this.insights.insights(user.sub, filters);
  }
}
