import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { PaymentRecord } from '@mcat/contracts';
import type { FilterQuery, Model } from 'mongoose';
import { OPEN_INTENT_STATUSES, type PaymentIntentView } from '../payments/payment-provider';
import type { PaymentProviderName } from '@mcat/contracts';
import { Payment } from './payment.schema';

export const freeClaimId = (userId: string): string => `free_${userId}`;

export function toPaymentRecord(payment: Payment): PaymentRecord {
  return {
    id: payment._id,
    provider: payment.provider,
    userId: payment.userId,
    email: payment.email,
    amount: payment.amount,
    currency: payment.currency,
    couponId: payment.couponId,
    status: payment.status,
    lastError: payment.lastError,
    amountRefunded: payment.amountRefunded,
    disputed: payment.disputed,
    createdAt: payment.createdAt.toISOString(),
    updatedAt: payment.updatedAt.toISOString(),
  };
}

/** Every payment billing created and what became of it: what the staff's payments list shows. */
@Injectable()
export class PaymentLedger {
  constructor(@InjectModel(Payment.name) private readonly payments: Model<Payment>) {}

  get(id: string): Promise<Payment | null> {
    return this.payments.findById(id).lean<Payment>().exec();
  }

  /** The caller's newest PaymentIntent that can still be paid. */
  findOpen(userId: string): Promise<Payment | null> {
    return this.payments
      .findOne({ userId, status: { $in: OPEN_INTENT_STATUSES } })
      .sort({ createdAt: -1 })
      .lean<Payment>()
      .exec();
  }

  async recordIntent(
    intent: PaymentIntentView,
    owner: { provider: PaymentProviderName; userId: string; email: string | null },
    couponId: string | null,
  ): Promise<void> {
    await this.payments.updateOne(
      { _id: intent.id },
      {
        $set: {
          amount: intent.amount,
          currency: intent.currency,
          couponId,
          status: intent.status,
        },
        $setOnInsert: { provider: owner.provider, userId: owner.userId, email: owner.email },
      },
      { upsert: true },
    );
  }

  async recordFreeClaim(
    owner: { provider: PaymentProviderName; userId: string; email: string | null },
    couponId: string,
    currency: string,
  ): Promise<void> {
    await this.payments.updateOne(
      { _id: freeClaimId(owner.userId) },
      {
        $setOnInsert: {
          ...owner,
          amount: 0,
          currency,
          couponId,
          status: 'succeeded',
        },
      },
      { upsert: true },
    );
  }

  /** The status (and error) a provider or one of its events reported for a known PaymentIntent. */
  async recordStatus(id: string, status: string, lastError: string | null): Promise<void> {
    await this.payments.updateOne({ _id: id }, { $set: { status, lastError } });
  }

  async recordRefund(id: string, amountRefunded: number): Promise<void> {
    await this.payments.updateOne({ _id: id }, { $max: { amountRefunded } });
  }

  async recordDispute(id: string): Promise<void> {
    await this.payments.updateOne({ _id: id }, { $set: { disputed: true } });
  }

  /**
   * How many payments match; with no filter, from the collection's metadata rather than a count of
   * every document (docs/adr/0027-index-coverage.md).
   */
  count(filter: FilterQuery<Payment>): Promise<number> {
    return Object.keys(filter).length === 0
      ? this.payments.estimatedDocumentCount().exec()
      : this.payments.countDocuments(filter).exec();
  }

  list(filter: FilterQuery<Payment>, skip: number, limit: number): Promise<Payment[]> {
    return this.payments
      .find(filter)
      .sort({ createdAt: -1, _id: -1 })
      .skip(skip)
      .limit(limit)
      .lean<Payment[]>()
      .exec();
  }

  /** Every matching payment, newest first, read in batches (for the CSV export). */
  async *stream(filter: FilterQuery<Payment>): AsyncGenerator<Payment> {
    yield* this.payments
      .find(filter)
      .sort({ createdAt: -1, _id: -1 })
      .lean<Payment>()
      .cursor({ batchSize: 500 });
  }
}
