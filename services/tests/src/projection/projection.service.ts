import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import {
  PROJECTION_MESSAGES,
  PROJECTION_MIN_TESTS,
  projectionNeedsTests,
  type ScoreProjection,
} from '@mcat/contracts';
import { ApiException } from '@mcat/service-kit';
import { utcMidnight } from '../tests/calendar';
import { PracticeTest } from '../tests/test.schema';
import { AuthProfileClient } from './auth-profile.client';
import { projectScore, type ScoredTest } from './score-projection';

/** The signed-in student's projected total on the planned testing date, from their own tests. */
@Injectable()
export class ProjectionService {
  constructor(
    @InjectModel(PracticeTest.name) private readonly tests: Model<PracticeTest>,
    private readonly profiles: AuthProfileClient,
  ) {}

  async project(userId: string): Promise<ScoreProjection> {
    const tests = await this.tests
      .find({ userId, deletedAt: null }, { _id: 0, dateTaken: 1, totalScore: 1 })
      .lean<ScoredTest[]>();
    if (tests.length < PROJECTION_MIN_TESTS) {
      throw new ApiException('PROJECTION_NEEDS_TESTS', projectionNeedsTests(tests.length));
    }
    const atDate = await this.profiles.plannedTestingDate(userId);
    if (!atDate) throw new ApiException('PROJECTION_NEEDS_DATE', PROJECTION_MESSAGES.needsDate);
    return { ...projectScore(tests, utcMidnight(atDate)), atDate };
  }
}
