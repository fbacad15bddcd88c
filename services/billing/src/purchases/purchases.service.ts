import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { OutboxRelay, isDuplicateKeyError } from '@mcat/service-kit';
import { Types, type Model } from 'mongoose';
import type { PaymentProviderName } from '@mcat/contracts';
import type { Payment } from '../ledger/payment.schema';
import { AuthUsersClient } from '../users/auth-users.client';
import { CouponRedemptions } from './coupon-redemptions.service';
import { Purchase } from './purchase.schema';
import { premiumPurchased } from './purchases.events';

export interface PremiumGrant {
  userId: string;
  provider: PaymentProviderName;
  paymentIntentId: string | null;
  amount: number;
  currency: string;
  couponId: string | null;
}

/** What a succeeded payment grants: premium to its buyer, recorded with its amount and coupon. */
export const grantOfPayment = (payment: Payment): PremiumGrant => ({
  userId: payment.userId,
  provider: payment.provider,
  paymentIntentId: payment._id,
  amount: payment.amount,
  currency: payment.currency,
  couponId: payment.couponId,
});

export interface GrantOptions {
  /** The coupon's redemption limit, enforced atomically; null or absent counts without a limit. */
  couponLimit?: number | null;
}

/** Premium purchases: granting it once per user, and what refunds and disputes mark on it. */
@Injectable()
export class PurchasesService {
  constructor(
    @InjectModel(Purchase.name) private readonly purchases: Model<Purchase>,
    private readonly authUsers: AuthUsersClient,
    private readonly redemptions: CouponRedemptions,
    relay: OutboxRelay,
  ) {
    relay.register(purchases);
  }

  /**
   * Records the purchase and its `billing.premium.purchased` event in one write, once per user
   * (a repeat finds the first), then has auth mark the user premium at once (idempotent), so the
   * user's next `GET /api/auth/me` shows it; the event reaches auth too, should that call fail.
   * A purchase with a coupon takes one of its redemptions first: with `couponLimit` (a free claim)
   * none left refuses the grant with 400 "Invalid coupon code"; without it (a payment made at the
   * discounted price) the redemption is counted regardless.
   */
  async grant(
    grant: PremiumGrant,
    { couponLimit = null }: GrantOptions = {},
  ): Promise<{ purchase: Purchase; created: boolean }> {
    const existing = await this.findFor(grant.userId);
    const { purchase, created } = existing
      ? { purchase: existing, created: false }
      : await this.recordOnce(grant, couponLimit);
    await this.authUsers.markPremium(grant.userId);
    return { purchase, created };
  }

  private async recordOnce(
    grant: PremiumGrant,
    couponLimit: number | null,
  ): Promise<{ purchase: Purchase; created: boolean }> {
    const { couponId } = grant;
    if (couponId) await this.redemptions.take(couponId, couponLimit);
    try {
      return { purchase: await this.insert(grant), created: true };
    } catch (error) {
      if (couponId) await this.redemptions.giveBack(couponId);
      const existing = isDuplicateKeyError(error) ? await this.findFor(grant.userId) : null;
      if (!existing) throw error;
      return { purchase: existing, created: false };
    }
  }

  private async insert(grant: PremiumGrant): Promise<Purchase> {
    const _id = new Types.ObjectId();
    const document = await this.purchases.create({
      _id,
      ...grant,
      outbox: [premiumPurchased(_id.toHexString(), grant)],
    });
    return document.toObject();
  }

  private findFor(userId: string): Promise<Purchase | null> {
    return this.purchases.findOne({ userId }).lean<Purchase>().exec();
  }

  async markRefunded(paymentIntentId: string): Promise<void> {
    await this.purchases.updateOne({ paymentIntentId }, { $set: { status: 'refunded' } });
  }

  async markDisputed(paymentIntentId: string): Promise<void> {
    await this.purchases.updateOne({ paymentIntentId }, { $set: { disputed: true } });
  }
}
