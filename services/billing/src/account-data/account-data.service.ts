import { Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type {
  AccountPayment,
  AccountPurchase,
  BillingAccountData,
  PaymentProviderName,
} from '@mcat/contracts';
import type { AccountDataEraseSteps, AccountDataExporter } from '@mcat/service-kit';
import type { Connection } from 'mongoose';
import { ERASED_USERS, ErasedUsers } from './erased-users';
import { anonymousEventFields, withoutPersonalData } from './personal-data';

/** The records the law requires billing to keep (docs/adr/0025-account-data.md), by collection. */
const KEPT = {
  payments: 'payments',
  purchases: 'purchases',
  billingEvents: 'billing_events',
  devPaymentIntents: 'dev_payment_intents',
} as const;

interface StoredPayment {
  _id: string;
  userId: string;
  provider: PaymentProviderName;
  email: string | null;
  amount: number;
  currency: string;
  couponId: string | null;
  status: string;
  amountRefunded: number;
  createdAt: Date;
}

interface StoredPurchase {
  _id: unknown;
  userId: string;
  provider: PaymentProviderName;
  amount: number;
  currency: string;
  couponId: string | null;
  status: 'active' | 'refunded';
  createdAt: Date;
  deletedAt?: Date | null;
}

interface StoredBillingEvent {
  _id: string;
  userId: string | null;
  paymentIntentId: string | null;
  email: string | null;
  payload: string;
}

interface StoredDevIntent {
  _id: string;
  metadata: Record<string, unknown>;
  receipt_email: string | null;
}

const toAccountPayment = (p: StoredPayment): AccountPayment => ({
  id: p._id,
  provider: p.provider,
  amount: p.amount,
  currency: p.currency,
  couponId: p.couponId,
  status: p.status,
  amountRefunded: p.amountRefunded,
  createdAt: new Date(p.createdAt).toISOString(),
});

const toAccountPurchase = (p: StoredPurchase): AccountPurchase => ({
  id: String(p._id),
  provider: p.provider,
  amount: p.amount,
  currency: p.currency,
  couponId: p.couponId,
  status: p.status,
  createdAt: new Date(p.createdAt).toISOString(),
});

/**
 * Billing's part of a student's data export and of an account's deletion: the payment records stay
 * without the person's name and e-mail, and the kit's generic pass takes everything else of the
 * user's.
 */
@Injectable()
export class AccountDataService
  implements AccountDataExporter<BillingAccountData>, AccountDataEraseSteps
{
  /** Kept by the erasure: the payment records (anonymised here) and the erased accounts' ids. */
  readonly keptCollections = [...Object.values(KEPT), ERASED_USERS];

  constructor(
    @InjectConnection() private readonly connection: Connection,
    private readonly erasedUsers: ErasedUsers,
  ) {}

  private collection<T extends object>(name: string) {
    return this.connection.collection<T>(name);
  }

  /** The user's payments and purchase, without card data or the provider's payloads. */
  async export(userId: string): Promise<BillingAccountData> {
    const [payments, purchases] = await Promise.all([
      this.collection<StoredPayment>(KEPT.payments)
        .find({ userId })
        .sort({ createdAt: 1 })
        .toArray(),
      this.collection<StoredPurchase>(KEPT.purchases).find({ userId, deletedAt: null }).toArray(),
    ]);
    return {
      payments: payments.map(toAccountPayment),
      purchases: purchases.map(toAccountPurchase),
    };
  }

  /**
   * Keeps the payment records (payments, purchases, the provider's events and intents) without the
   * person's name and e-mail; the generic pass then deletes everything else of the user's.
   * Idempotent. The account is marked erased first: a provider event stored from then on is stored
   * without the person.
   */
  async beforeErase(userId: string): Promise<Record<string, number>> {
    await this.erasedUsers.mark(userId);
    const payments = this.collection<StoredPayment>(KEPT.payments);
    const paymentIds = (await payments.find({ userId }, { projection: { _id: 1 } }).toArray()).map(
      (p) => p._id,
    );
    const anonymised = await payments.updateMany({ userId }, { $set: { email: null } });

    const events = this.collection<StoredBillingEvent>(KEPT.billingEvents);
    const ofUser = await events
      .find({ $or: [{ userId }, { paymentIntentId: { $in: paymentIds } }] })
      .toArray();
    for (const event of ofUser) {
      await events.updateOne({ _id: event._id }, { $set: anonymousEventFields(event.payload) });
    }

    const intents = this.collection<StoredDevIntent>(KEPT.devPaymentIntents);
    for (const intent of await intents.find({ 'metadata.userId': userId }).toArray()) {
      await intents.updateOne(
        { _id: intent._id },
        {
          $set: {
            receipt_email: null,
            metadata: withoutPersonalData(intent.metadata) as Record<string, unknown>,
          },
        },
      );
    }

    return {
      [`${KEPT.payments} anonymised`]: anonymised.modifiedCount,
      [`${KEPT.billingEvents} anonymised`]: ofUser.length,
    };
  }
}
