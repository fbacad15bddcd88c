import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { EVENT_SUBJECTS } from '@mcat/contracts';
import { OutboxRelay, outboxEvent } from '@mcat/service-kit';
import { Types, type Model } from 'mongoose';
import type { PaymentProviderName } from '../config';
import { AuthUsersClient } from '../users/auth-users.client';
import { Purchase } from './purchase.schema';

const DUPLICATE_KEY = 11000;

export interface PremiumGrant {
  userId: string;
  provider: PaymentProviderName;
  paymentIntentId: string | null;
  amount: number;
  currency: string;
  couponId: string | null;
}

/** Premium purchases: granting it once per user, and what refunds and disputes mark on it. */
@Injectable()
export class PurchasesService {
  constructor(
    @InjectModel(Purchase.name) private readonly purchases: Model<Purchase>,
    private readonly authUsers: AuthUsersClient,
    relay: OutboxRelay,
  ) {
    relay.register(purchases);
  }

  /**
   * Records the purchase and its `billing.premium.purchased` event in one write, once per user
   * (a repeat finds the first), then has auth mark the user premium at once (idempotent), so the
   * user's next `GET /api/auth/me` shows it; the event reaches auth too, should that call fail.
   */
  async grant(grant: PremiumGrant): Promise<{ purchase: Purchase; created: boolean }> {
    const _id = new Types.ObjectId();
    let purchase: Purchase;
    let created = true;
    try {
      const document = await this.purchases.create({
        _id,
        ...grant,
        outbox: [
          outboxEvent(EVENT_SUBJECTS.premiumPurchased, {
            userId: grant.userId,
            purchaseId: _id.toHexString(),
            amount: grant.amount,
            currency: grant.currency,
            provider: grant.provider,
            couponId: grant.couponId,
          }),
        ],
      });
      purchase = document.toObject();
    } catch (error) {
      if ((error as { code?: unknown }).code !== DUPLICATE_KEY) throw error;
      const existing = await this.purchases.findOne({ userId: grant.userId }).lean<Purchase>();
      if (!existing) throw error;
      purchase = existing;
      created = false;
    }
    await this.authUsers.markPremium(grant.userId);
    return { purchase, created };
  }

  /** Purchases already made with a coupon (counted against its redemption limit). */
  countWithCoupon(couponId: string): Promise<number> {
    return this.purchases.countDocuments({ couponId }).exec();
  }

  async markRefunded(paymentIntentId: string): Promise<void> {
    await this.purchases.updateOne({ paymentIntentId }, { $set: { status: 'refunded' } });
  }

  async markDisputed(paymentIntentId: string): Promise<void> {
    await this.purchases.updateOne({ paymentIntentId }, { $set: { disputed: true } });
  }
}
