import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { BillingEventRecord } from '@mcat/contracts';
import type { FilterQuery, Model } from 'mongoose';
import { ErasedUsers } from '../account-data/erased-users';
import { anonymousEventFields } from '../account-data/personal-data';
import { PaymentLedger } from '../ledger/payment-ledger.service';
import type { Payment } from '../ledger/payment.schema';
import {
  PAYMENT_PROVIDER,
  type PaymentProvider,
  type ProviderEvent,
} from '../payments/payment-provider';
import { grantOfPayment, PurchasesService } from '../purchases/purchases.service';
import { BillingEvent } from './billing-event.schema';
import { eventFacts, isFullRefund, lastErrorMessage, type EventFacts } from './event-facts';
import { LiveBillingEvents } from './live-billing-events';
import { isDuplicateKeyError } from '@mcat/service-kit';

export function toBillingEventRecord(event: BillingEvent): BillingEventRecord {
  return {
    id: event._id,
    type: event.type,
    provider: event.provider,
    occurredAt: event.occurredAt.toISOString(),
    amount: event.amount,
    currency: event.currency,
    email: event.email,
    userId: event.userId,
    status: event.status,
    paymentIntentId: event.paymentIntentId,
    payload: JSON.parse(event.payload) as unknown,
    receivedAt: event.receivedAt.toISOString(),
  };
}

/**
 * The billing event log: every Stripe event (webhook) or dev provider event recorded once by its
 * id, and its effect applied: a succeeded PaymentIntent grants premium, failures, refunds and
 * disputes are marked on the payment and the purchase.
 */
@Injectable()
export class BillingEventsService {
  private readonly logger = new Logger(BillingEventsService.name);

  constructor(
    @InjectModel(BillingEvent.name) private readonly events: Model<BillingEvent>,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    private readonly ledger: PaymentLedger,
    private readonly purchases: PurchasesService,
    private readonly live: LiveBillingEvents,
    private readonly erasedUsers: ErasedUsers,
  ) {}

  /**
   * Records the event and applies it. An event already handled (a replay, a redelivery) has no
   * second effect; one recorded but not yet handled (a crash in between) is applied again, which
   * is harmless as every effect is idempotent.
   */
  async ingest(event: ProviderEvent): Promise<{ duplicate: boolean }> {
    const facts = eventFacts(event.type, event.object);
    const payment = facts.paymentIntentId ? await this.ledger.get(facts.paymentIntentId) : null;
    const userId = facts.userId ?? payment?.userId ?? null;
    const erased = userId !== null && (await this.erasedUsers.isErased(userId));
    const fields: EventFacts = {
      ...facts,
      userId,
      email: facts.email ?? payment?.email ?? null,
    };
    const payload = JSON.stringify(event.payload);
    const personal = { email: fields.email, payload };
    let stored: BillingEvent;
    let recordedNow = true;
    try {
      const created = await this.events.create({
        _id: event.id,
        type: event.type,
        provider: this.provider.name,
        occurredAt: event.created,
        ...fields,
        ...(erased ? anonymousEventFields(payload) : personal),
      });
      stored = created.toObject();
      // Erased while this was stored: the erasure may have passed this event by.
      if (!erased && userId !== null && (await this.erasedUsers.isErased(userId))) {
        stored = await this.forget(stored);
      }
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error;
      const existing = await this.events.findById(event.id).lean<BillingEvent>();
      if (!existing) throw error;
      if (existing.handledAt) return { duplicate: true };
      stored = existing;
      recordedNow = false;
    }
    await this.apply(event, fields, payment);
    await this.events.updateOne({ _id: event.id }, { $set: { handledAt: new Date() } });
    if (recordedNow) this.live.announce(toBillingEventRecord(stored));
    return { duplicate: false };
  }

  /** The stored event without the person's e-mail and personal fields of its payload. */
  private async forget(event: BillingEvent): Promise<BillingEvent> {
    const anonymous = anonymousEventFields(event.payload);
    await this.events.updateOne({ _id: event._id }, { $set: anonymous });
    return { ...event, ...anonymous };
  }

  /**
   * How many events match; with no filter, from the collection's metadata rather than a count of
   * every document (docs/adr/0027-index-coverage.md).
   */
  count(filter: FilterQuery<BillingEvent>): Promise<number> {
    return Object.keys(filter).length === 0
      ? this.events.estimatedDocumentCount().exec()
      : this.events.countDocuments(filter).exec();
  }

  list(filter: FilterQuery<BillingEvent>, skip: number, limit: number): Promise<BillingEvent[]> {
    return this.events
      .find(filter)
      .sort({ occurredAt: -1, receivedAt: -1 })
      .skip(skip)
      .limit(limit)
      .lean<BillingEvent[]>()
      .exec();
  }

  /** Every matching event, newest first, read in batches (for the CSV export). */
  async *stream(filter: FilterQuery<BillingEvent>): AsyncGenerator<BillingEvent> {
    yield* this.events
      .find(filter)
      .sort({ occurredAt: -1, receivedAt: -1 })
      .lean<BillingEvent>()
      .cursor({ batchSize: 500 });
  }

  private async apply(
    event: ProviderEvent,
    facts: EventFacts,
    payment: Payment | null,
  ): Promise<void> {
    const intentId = facts.paymentIntentId;
    if (!intentId || !payment) {
      if (event.type.startsWith('payment_intent.') || event.type.startsWith('charge.')) {
        this.logger.warn(`${event.type} ${event.id} is about a payment billing did not create`);
      }
      return;
    }
    switch (event.type) {
      case 'payment_intent.succeeded':
        await this.ledger.recordStatus(intentId, 'succeeded', null);
        await this.grantFor(event, facts, payment);
        return;
      case 'payment_intent.payment_failed':
      case 'payment_intent.canceled':
      case 'payment_intent.processing':
      case 'payment_intent.requires_action':
        await this.ledger.recordStatus(
          intentId,
          facts.status ?? payment.status,
          lastErrorMessage(event.object),
        );
        return;
      case 'charge.refunded':
        await this.ledger.recordRefund(intentId, facts.amount ?? 0);
        if (isFullRefund(event.object)) await this.purchases.markRefunded(intentId);
        return;
      case 'charge.dispute.created':
        await this.ledger.recordDispute(intentId);
        await this.purchases.markDisputed(intentId);
        return;
      default:
        return;
    }
  }

  /** Premium for a succeeded PaymentIntent whose amount, currency and owner are what billing set. */
  private async grantFor(event: ProviderEvent, facts: EventFacts, payment: Payment): Promise<void> {
    if (
      facts.amount !== payment.amount ||
      facts.currency !== payment.currency ||
      facts.userId !== payment.userId
    ) {
      this.logger.warn(
        `${event.id}: PaymentIntent ${payment._id} succeeded with ${facts.amount} ${facts.currency} for ${facts.userId}, expected ${payment.amount} ${payment.currency} for ${payment.userId}; premium not granted`,
      );
      return;
    }
    await this.purchases.grant(grantOfPayment(payment));
  }
}
