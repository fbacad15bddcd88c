import { ForbiddenException, Inject, Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { PLAN_LIMITS, planOf } from '@mcat/contracts';
import { PlanSlot } from './plan-slot.schema';
import { PLANS_OPTIONS, type PlansOptions } from './plans.options';
import { PlansService } from './plans.service';

/** What a refused reservation answers, by the plan the user is on. */
export interface LimitMessages {
  free: string;
  premium: string;
}

/** A place whose record never appeared this long after its id was made belongs to a crashed create. */
const STALE_SLOT_MS = 60_000;
const DUPLICATE_KEY = 11000;

const idAgeMs = (id: string): number => Date.now() - parseInt(id.slice(0, 8), 16) * 1000;
const isDuplicate = (error: unknown): boolean =>
  (error as { code?: unknown }).code === DUPLICATE_KEY;

/**
 * The plan limit on a user's records (tests or questions, by `PlansOptions.resource`), enforced
 * atomically without transactions: every record holds one of the user's numbered places
 * (`PlanSlot`), taken by inserting it before the record is written and given back when the record
 * is deleted (also by a cascade) or its write fails.
 */
@Injectable()
export class PlanLimitsService {
  constructor(
    @InjectModel(PlanSlot.name) private readonly slots: Model<PlanSlot>,
    private readonly plans: PlansService,
    @Inject(PLANS_OPTIONS) private readonly options: PlansOptions,
  ) {}

  /**
   * Takes one place per holder id, all or none, or throws 403 with the plan's message. A free
   * user who is refused is checked with auth first, so a purchase that just happened counts.
   * `liveIds` says which holders still exist, to give back the places of creates that crashed.
   */
  async reserve(
    userId: string,
    holders: string[],
    messages: LimitMessages,
    liveIds: (ids: string[]) => Promise<string[]>,
  ): Promise<void> {
    let premium = await this.plans.isPremium(userId);
    if (await this.take(userId, holders, premium)) return;
    if (!premium) {
      premium = await this.plans.refresh(userId);
      if (premium && (await this.take(userId, holders, premium))) return;
    }
    if ((await this.freeStale(userId, liveIds)) && (await this.take(userId, holders, premium))) {
      return;
    }
    throw new ForbiddenException(premium ? messages.premium : messages.free);
  }

  async release(userId: string, holders: string[]): Promise<void> {
    if (holders.length === 0) return;
    await this.slots.deleteMany({ userId, holder: { $in: holders } });
  }

  private async take(userId: string, holders: string[], premium: boolean): Promise<boolean> {
    const limit = PLAN_LIMITS[planOf(premium)][this.options.resource];
    if (holders.length === 0) return true;
    const taken = new Set(
      (await this.slots.find({ userId }, { n: 1 }).lean()).map((slot) => slot.n),
    );
    const free = Array.from({ length: limit }, (_, n) => n).filter((n) => !taken.has(n));
    const won: string[] = [];
    for (const n of free) {
      if (won.length === holders.length) break;
      const holder = holders[won.length] as string;
      try {
        await this.slots.create({ _id: `${userId}:${n}`, userId, n, holder });
        won.push(holder);
      } catch (error) {
        if (!isDuplicate(error)) {
          await this.release(userId, won);
          throw error;
        }
      }
    }
    if (won.length === holders.length) return true;
    await this.release(userId, won);
    return false;
  }

  private async freeStale(
    userId: string,
    liveIds: (ids: string[]) => Promise<string[]>,
  ): Promise<boolean> {
    const held = await this.slots.find({ userId }, { holder: 1 }).lean();
    const old = held.map((s) => s.holder).filter((id) => idAgeMs(id) > STALE_SLOT_MS);
    if (old.length === 0) return false;
    const live = new Set(await liveIds(old));
    const stale = old.filter((id) => !live.has(id));
    await this.release(userId, stale);
    return stale.length > 0;
  }
}
