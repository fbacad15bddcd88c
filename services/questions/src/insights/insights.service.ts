import { Injectable } from '@nestjs/common';
import type { Insights, InsightsQuery } from '@mcat/contracts';
import { QuestionsService } from '../questions/questions.service';
import { computeInsights } from './insights';

/**
 * The student's insights, added up from the kept question list the search filters
 * (QuestionListCache): no database read once the list is kept.
 */
@Injectable()
export class InsightsService {
  constructor(private readonly questions: QuestionsService) {}

  async insights(userId: string, filters: InsightsQuery): Promise<Insights> {
    return computeInsights(await this.questions.search(userId, filters));
  }
}
