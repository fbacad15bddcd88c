import { Inject, Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type Redis from 'ioredis';
import type { Model } from 'mongoose';
import { PerUserCache, REDIS } from '@mcat/service-kit';
import type { ScoredTest } from '../projection/score-projection';
import { PracticeTest } from './test.schema';

/** Students whose scored tests this process keeps (about 2 KB each at the premium limit). */
const MAX_USERS = 20_000;
/** The most a lost `changed` (a crash right after a write) can keep a projection behind. */
const MAX_AGE_MS = 60_000;

/**
 * A student's live tests as dates and totals, kept per user (`PerUserCache`), so a projection reads
 * no database once they are kept (docs/adr/0024-score-projection.md). TestsService calls `changed`
 * after every write that adds, edits or removes a test.
 */
@Injectable()
export class ScoredTestsCache {
  private readonly cache: PerUserCache<readonly ScoredTest[]>;

  constructor(
    @InjectModel(PracticeTest.name) private readonly tests: Model<PracticeTest>,
    @Inject(REDIS) redis: Redis,
  ) {
    this.cache = new PerUserCache(redis, {
      name: 'tests:scored-tests',
      maxUsers: MAX_USERS,
      maxAgeMs: MAX_AGE_MS,
    });
  }

  scoredTests(userId: string): Promise<readonly ScoredTest[]> {
    return this.cache.get(userId, () =>
      this.tests
        .find({ userId, deletedAt: null }, { _id: 0, dateTaken: 1, totalScore: 1 })
        .lean<ScoredTest[]>(),
    );
  }

  changed(userId: string): Promise<void> {
    return this.cache.changed(userId);
  }
}
