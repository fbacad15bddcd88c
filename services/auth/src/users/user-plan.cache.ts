import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { AUTH_MESSAGES } from '@mcat/contracts';
import { PerUserCache, REDIS } from '@mcat/service-kit';
import type Redis from 'ioredis';
import type { Model } from 'mongoose';
import { User } from './user.schema';

/**
 * What other services read through (`GET /internal/users/:id`): whether the user is premium (the
 * questions and tests services' plan limits) and the planned testing date (the tests service's
 * score projection is made for it). Nothing more: roles travel in the token.
 */
export interface UserPlan {
  userId: string;
  isPremium: boolean;
  plannedTestingDate: string | null;
}

export const toUserPlan = (
  userId: string,
  user: Pick<User, 'isPremium' | 'plannedTestingDate'>,
): UserPlan => ({
  userId,
  isPremium: user.isPremium,
  plannedTestingDate: user.plannedTestingDate ?? null,
});

/** Users whose plan this process keeps (about 100 bytes each). */
const MAX_USERS = 100_000;
/** The most a lost `changed` (a crash right after a write) can keep a plan behind. */
const MAX_AGE_MS = 60_000;

/**
 * Users' plans, kept per user (`PerUserCache`): every projection and every plan-limited create asks
 * for one, and a database read each time is what 100 projections a second could not afford
 * (docs/benchmarks-log.md). UsersService calls `changed` after each write of `isPremium` or
 * `plannedTestingDate` (the profile, a purchase).
 */
@Injectable()
export class UserPlanCache {
  private readonly cache: PerUserCache<UserPlan>;

  constructor(
    @InjectModel(User.name) private readonly users: Model<User>,
    @Inject(REDIS) redis: Redis,
  ) {
    this.cache = new PerUserCache(redis, {
      name: 'auth:user-plan',
      maxUsers: MAX_USERS,
      maxAgeMs: MAX_AGE_MS,
    });
  }

  /** The user's plan; 404 for a user not stored (never kept, so a later sign-up is seen). */
  plan(userId: string): Promise<UserPlan> {
    return this.cache.get(userId, async () => {
      const user = await this.users
        .findById(userId, { isPremium: 1, plannedTestingDate: 1 })
        .lean();
      if (!user) throw new NotFoundException(AUTH_MESSAGES.userNotFound);
      return toUserPlan(userId, user);
    });
  }

  changed(userId: string): Promise<void> {
    return this.cache.changed(userId);
  }
}
