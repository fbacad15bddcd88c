import { BadRequestException, Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { ERRORS } from '@mcat/contracts';
import type { Model } from 'mongoose';
import { CouponRedemption } from './coupon-redemption.schema';
import { Purchase } from './purchase.schema';
import { isDuplicateKeyError } from '@mcat/service-kit';

/**
 * A coupon's redemptions, counted in one document per coupon. Taking one is a single conditional
 * update (`count < limit` → `count + 1`), atomic in MongoDB and FerretDB alike, so concurrent
 * claims of the last redemption leave exactly one winner; no transaction is needed.
 */
@Injectable()
export class CouponRedemptions {
  constructor(
    @InjectModel(CouponRedemption.name) private readonly counters: Model<CouponRedemption>,
    @InjectModel(Purchase.name) private readonly purchases: Model<Purchase>,
  ) {}

  /** Redemptions taken so far. */
  async count(couponId: string): Promise<number> {
    const counter = await this.counters.findById(couponId).lean<CouponRedemption>();
    return counter?.count ?? this.purchases.countDocuments({ couponId }).exec();
  }

  /**
   * Takes one redemption. With a limit (a free claim), none left answers 400 "Invalid coupon
   * code"; without one (a payment already made at the discounted price) it is counted regardless.
   */
  async take(couponId: string, limit: number | null): Promise<void> {
    await this.ensureCounter(couponId);
    const filter = limit === null ? { _id: couponId } : { _id: couponId, count: { $lt: limit } };
    const { modifiedCount } = await this.counters.updateOne(filter, { $inc: { count: 1 } });
    if (modifiedCount !== 1) throw new BadRequestException(ERRORS.invalidCoupon);
  }

  /** Gives back a redemption taken for a grant that did not happen (the user had premium already). */
  async giveBack(couponId: string): Promise<void> {
    await this.counters.updateOne({ _id: couponId, count: { $gt: 0 } }, { $inc: { count: -1 } });
  }

  /**
   * Creates the coupon's counter on first use, from the purchases made before counters existed.
   * Of two first uses at once, one insert wins and the other's duplicate key is ignored.
   */
  private async ensureCounter(couponId: string): Promise<void> {
    if (await this.counters.exists({ _id: couponId })) return;
    const count = await this.purchases.countDocuments({ couponId }).exec();
    try {
      await this.counters.create({ _id: couponId, count });
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error;
    }
  }
}
