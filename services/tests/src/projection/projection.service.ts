import { Injectable } from '@nestjs/common';
import {
  PROJECTION_MESSAGES,
  PROJECTION_MIN_TESTS,
  projectionNeedsTests,
  type ScoreProjection,
} from '@mcat/contracts';
import { ApiException } from '@mcat/service-kit';
import { utcMidnight } from '../tests/calendar';
import { ScoredTestsCache } from '../tests/scored-tests.cache';
import { PlannedDatesService } from './planned-dates.service';
import { projectScore } from './score-projection';

/** The signed-in student's projected total on the planned testing date, from their own tests. */
@Injectable()
export class ProjectionService {
  constructor(
    private readonly scoredTests: ScoredTestsCache,
    private readonly plannedDates: PlannedDatesService,
  ) {}

  async project(userId: string): Promise<ScoreProjection> {
    const tests = await this.scoredTests.scoredTests(userId);
    if (tests.length < PROJECTION_MIN_TESTS) {
      throw new ApiException('PROJECTION_NEEDS_TESTS', projectionNeedsTests(tests.length));
    }
    const atDate = await this.plannedDates.plannedTestingDate(userId);
    if (!atDate) throw new ApiException('PROJECTION_NEEDS_DATE', PROJECTION_MESSAGES.needsDate);
    return { ...projectScore(tests, utcMidnight(atDate)), atDate };
  }
}
