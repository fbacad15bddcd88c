import { Inject, Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type Redis from 'ioredis';
import type { Model } from 'mongoose';
import { PerUserCache, recordLatestFact, REDIS } from '@mcat/service-kit';
import { AuthProfileClient } from './auth-profile.client';
import { PlannedDate } from './planned-date.schema';

/** Students whose planned date this process keeps (a few dozen bytes each). */
const MAX_USERS = 50_000;
/** The most a lost `changed` (a crash right after a recorded event) can keep a projection behind. */
const MAX_AGE_MS = 60_000;

/**
 * A student's planned testing date as the tests service knows it: the copy in `planned_dates`,
 * kept per user in the process (`PerUserCache`), so a projection asks no other service. A student
 * with no copy yet (no event about them since the copy began) is read from auth once.
 */
@Injectable()
export class PlannedDatesService {
  private readonly cache: PerUserCache<string | null>;

  constructor(
    @InjectModel(PlannedDate.name) private readonly dates: Model<PlannedDate>,
    private readonly auth: AuthProfileClient,
    @Inject(REDIS) redis: Redis,
  ) {
    this.cache = new PerUserCache(redis, {
      name: 'tests:planned-date',
      maxUsers: MAX_USERS,
      maxAgeMs: MAX_AGE_MS,
    });
  }

  /** 'YYYY-MM-DD' or null; the read-through's 401 and 503 pass through. */
  plannedTestingDate(userId: string): Promise<string | null> {
    return this.cache.get(userId, () => this.read(userId));
  }

  /** Records a date known at `asOf` unless a newer one is kept (events may arrive out of order). */
  async record(userId: string, plannedTestingDate: string | null, asOf: Date): Promise<void> {
    await recordLatestFact(this.dates, userId, { plannedTestingDate }, asOf);
    await this.cache.changed(userId);
  }

  private async read(userId: string): Promise<string | null> {
    const kept = await this.dates.findById(userId, { plannedTestingDate: 1 }).lean();
    if (kept) return kept.plannedTestingDate ?? null;
    const asOf = new Date();
    const plannedTestingDate = await this.auth.plannedTestingDate(userId);
    // Stored without a new version: the value being built is this one. An event recorded
    // meanwhile has moved the version already, so this value is not served after it.
    await recordLatestFact(this.dates, userId, { plannedTestingDate }, asOf);
    return plannedTestingDate;
  }
}
