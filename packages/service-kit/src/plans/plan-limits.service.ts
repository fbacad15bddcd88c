import { Inject, Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { PLAN_LIMITS, planOf, type PlanLimitCode } from '@mcat/contracts';
import { ApiException } from '../http/api-exception';
import { PlanSlot } from './plan-slot.schema';
import { PLANS_OPTIONS, type PlansOptions } from './plans.options';
import { PlansService } from './plans.service';
import { isDuplicateKeyError } from '../infra/duplicate-key';

/** What a refused reservation answers, by the plan the user is on. */
export interface LimitMessages {
  free: string;
  premium: string;
}

const LIMIT_CODES: Readonly<Record<PlansOptions['resource'], PlanLimitCode>> = {
  tests: 'PLAN_LIMIT_TESTS',
  questions: 'PLAN_LIMIT_QUESTIONS',
};

/** A place whose record never appeared this long after its id was made belongs to a crashed create. */
const STALE_SLOT_MS = 60_000;
/** Places tried after the hint before reading the user's places. */
const HINT_PROBES = 3;
/** Users whose next place this process remembers (the least recently served are forgotten). */
const HINTS_KEPT = 10_000;

const idAgeMs = (id: string): number => Date.now() - parseInt(id.slice(0, 8), 16) * 1000;

/**
 * The plan limit on a user's records (tests or questions, by `PlansOptions.resource`), enforced
 * atomically without transactions: every record holds one of the user's numbered places
 * (`PlanSlot`), taken by inserting it before the record is written and given back when the record
 * is deleted (also by a cascade) or its write fails.
 */
@Injectable()
export class PlanLimitsService {
  /** Per user, the place after the highest this process gave out: a guess, the `_id` decides. */
  private readonly nextPlace = new Map<string, number>();

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
    throw new ApiException(LIMIT_CODES[this.options.resource], messages[planOf(premium)], {
      plan: planOf(premium),
    });
  }

  async release(userId: string, holders: string[]): Promise<void> {
    if (holders.length === 0) return;
    await this.slots.deleteMany({ userId, holder: { $in: holders } });
  }

  private async take(userId: string, holders: string[], premium: boolean): Promise<boolean> {
    if (holders.length === 0) return true;
    const limit = PLAN_LIMITS[planOf(premium)][this.options.resource];
    const won: string[] = [];
    try {
      await this.takeAfterHint(userId, holders, limit, won);
      if (won.length < holders.length) await this.takeFree(userId, holders, limit, won);
    } catch (error) {
      await this.release(userId, won);
      throw error;
    }
    if (won.length === holders.length) return true;
    await this.release(userId, won);
    return false;
  }

  /**
   * Tries the places right after the highest one this process gave the user. The first is usually
   * free, and trying it is one insert by `_id`, where reading the user's places is a scan (FerretDB
   * filters on `_id` only, see docs/adr/0008-plan-limits.md).
   */
  private async takeAfterHint(
    userId: string,
    holders: string[],
    limit: number,
    won: string[],
  ): Promise<void> {
    const hint = this.nextPlace.get(userId);
    if (hint === undefined) return;
    let misses = 0;
    for (let n = hint; n < limit && won.length < holders.length && misses < HINT_PROBES; n += 1) {
      const holder = holders[won.length] as string;
      if (await this.tryPlace(userId, n, holder)) won.push(holder);
      else misses += 1;
    }
  }

  /** Reads which places the user holds and tries the free ones, lowest first. */
  private async takeFree(
    userId: string,
    holders: string[],
    limit: number,
    won: string[],
  ): Promise<void> {
    const taken = new Set(
      (await this.slots.find({ userId }, { n: 1 }).lean()).map((slot) => slot.n),
    );
    for (let n = 0; n < limit && won.length < holders.length; n += 1) {
      const holder = holders[won.length] as string;
      if (!taken.has(n) && (await this.tryPlace(userId, n, holder))) won.push(holder);
    }
  }

  /** Inserts place n for the holder; false when another create holds it (duplicate `_id`). */
  private async tryPlace(userId: string, n: number, holder: string): Promise<boolean> {
    try {
      await this.slots.create({ _id: `${userId}:${n}`, userId, n, holder });
    } catch (error) {
      if (isDuplicateKeyError(error)) return false;
      throw error;
    }
    const next = Math.max(n + 1, this.nextPlace.get(userId) ?? 0);
    this.nextPlace.delete(userId);
    this.nextPlace.set(userId, next);
    if (this.nextPlace.size > HINTS_KEPT) {
      const oldest = this.nextPlace.keys().next();
      if (!oldest.done) this.nextPlace.delete(oldest.value);
    }
    return true;
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
