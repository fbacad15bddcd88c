import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { AuthPlanClient } from './auth-plan.client';
import { UserPlan } from './user-plan.schema';
import { recordLatestFact } from '../infra/latest-fact';

/** Whether a user is premium: the local projection, refreshed from auth on demand. */
@Injectable()
export class PlansService {
  constructor(
    @InjectModel(UserPlan.name) private readonly plans: Model<UserPlan>,
    private readonly auth: AuthPlanClient,
  ) {}

  async isPremium(userId: string): Promise<boolean> {
    const plan = await this.plans.findById(userId, { isPremium: 1 }).lean();
    return plan?.isPremium ?? false;
  }

  /** Asks auth for the current plan and records it; falls back to the projection if auth is away. */
  async refresh(userId: string): Promise<boolean> {
    const isPremium = await this.auth.isPremium(userId);
    if (isPremium === null) return this.isPremium(userId);
    await this.record(userId, isPremium, new Date());
    return isPremium;
  }

  /** Records a plan fact unless a newer one is already known (events may arrive out of order). */
  record(userId: string, isPremium: boolean, asOf: Date): Promise<void> {
    return recordLatestFact(this.plans, userId, { isPremium }, asOf);
  }
}
