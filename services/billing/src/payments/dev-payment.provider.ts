import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { SERVICE_CONFIG } from '@mcat/service-kit';
import type { Model } from 'mongoose';
import type { BillingConfig } from '../config';
import type { DevCoupon } from '../coupons/dev-coupons';
import { devCardOutcome } from './dev-cards';
import {
  DevPaymentIntent,
  toStripePaymentIntent,
  type DevPaymentError,
} from './dev-payment-intent.schema';
import {
  OPEN_INTENT_STATUSES,
  WebhookSignatureError,
  intentViewOf,
  type IntentMetadata,
  type PaymentError,
  type PaymentIntentView,
  type PaymentProvider,
  type ProviderCoupon,
  type ProviderEvent,
} from './payment-provider';

const stripeId = (prefix: string): string => `${prefix}_dev_${randomBytes(12).toString('hex')}`;

const toIntentView = (intent: DevPaymentIntent): PaymentIntentView =>
  intentViewOf(intent._id, intent.client_secret, intent);

function fromDevCoupon(coupon: DevCoupon): ProviderCoupon {
  return {
    id: coupon.code,
    percentOff: coupon.percentOff,
    amountOff: coupon.amountOff,
    currency: coupon.amountOff === null ? null : 'usd',
    valid: true,
    maxRedemptions: coupon.maxRedemptions,
    timesRedeemed: 0,
    expiresAt: coupon.expiresAt,
  };
}

/** What paying a dev PaymentIntent with a card gave: the PaymentIntent and the event it caused. */
export interface DevCardResult {
  intent: Record<string, unknown>;
  error: PaymentError | null;
  /** Null when nothing changed (the PaymentIntent had succeeded already). */
  event: ProviderEvent | null;
}

/**
 * The offline test gateway of the single-machine mode: PaymentIntents kept in this service's
 * database in Stripe's shape, paid through the Test-mode card form with Stripe's test card
 * numbers, coupons from DEV_COUPONS. It refuses to run in production.
 */
@Injectable()
export class DevPaymentProvider implements PaymentProvider {
  readonly name = 'dev' as const;
  readonly publishableKey = null;
  private readonly coupons: Map<string, DevCoupon>;

  constructor(
    @Inject(SERVICE_CONFIG) config: BillingConfig,
    @InjectModel(DevPaymentIntent.name) private readonly intents: Model<DevPaymentIntent>,
  ) {
    if (config.NODE_ENV === 'production') {
      throw new Error('The dev payment provider is refused when NODE_ENV=production');
    }
    this.coupons = new Map(config.DEV_COUPONS.map((coupon) => [coupon.code, coupon]));
  }

  async findCouponByCode(code: string): Promise<ProviderCoupon | null> {
    const coupon = this.coupons.get(code.trim().toUpperCase());
    return coupon ? fromDevCoupon(coupon) : null;
  }

  async getCoupon(couponId: string): Promise<ProviderCoupon | null> {
    const coupon = this.coupons.get(couponId);
    return coupon ? fromDevCoupon(coupon) : null;
  }

  async createIntent(input: {
    amount: number;
    currency: string;
    metadata: IntentMetadata;
  }): Promise<PaymentIntentView> {
    const id = stripeId('pi');
    const intent = await this.intents.create({
      _id: id,
      amount: input.amount,
      currency: input.currency,
      status: 'requires_payment_method',
      client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
      metadata: { ...input.metadata },
      receipt_email: input.metadata.userEmail || null,
      created: Math.floor(Date.now() / 1000),
    });
    return toIntentView(intent.toObject());
  }

  async updateIntent(
    id: string,
    input: { amount: number; metadata: IntentMetadata },
  ): Promise<PaymentIntentView> {
    const intent = await this.intents
      .findOneAndUpdate(
        { _id: id, status: { $in: OPEN_INTENT_STATUSES } },
        { $set: { amount: input.amount, metadata: { ...input.metadata } } },
        { new: true },
      )
      .lean();
    if (!intent) throw new Error(`PaymentIntent ${id} is not open`);
    return toIntentView(intent);
  }

  async retrieveIntent(id: string): Promise<PaymentIntentView | null> {
    const intent = await this.intents.findById(id).lean();
    return intent ? toIntentView(intent) : null;
  }

  verifyWebhook(): ProviderEvent {
    throw new WebhookSignatureError('The dev payment provider receives no webhooks');
  }

  /**
   * The owner's PaymentIntent, if the client secret matches (as Stripe.js requires it), else null.
   */
  async findForPayment(
    id: string,
    clientSecret: string,
    userId: string,
  ): Promise<DevPaymentIntent | null> {
    const intent = await this.intents.findById(id).lean();
    if (!intent || intent.client_secret !== clientSecret || intent.metadata.userId !== userId) {
      return null;
    }
    return intent;
  }

  /**
   * Pays an open PaymentIntent with a card number: 4242… succeeds, 4000…0002 is declined,
   * 4000…9995 has insufficient funds. Only one payment of a PaymentIntent can succeed.
   */
  async payWithCard(intent: DevPaymentIntent, cardNumber: string): Promise<DevCardResult> {
    if (intent.status === 'succeeded') {
      return { intent: toStripePaymentIntent(intent), error: null, event: null };
    }
    const error = devCardOutcome(cardNumber);
    const update = error
      ? {
          status: 'requires_payment_method',
          last_payment_error: {
            type: 'card_error',
            code: error.code,
            decline_code: error.declineCode,
            message: error.message,
          } satisfies DevPaymentError,
        }
      : {
          status: 'succeeded',
          amount_received: intent.amount,
          latest_charge: stripeId('ch'),
          last_payment_error: null,
        };
    const updated = await this.intents
      .findOneAndUpdate(
        { _id: intent._id, status: { $in: OPEN_INTENT_STATUSES } },
        { $set: update },
        { new: true },
      )
      .lean();
    if (!updated) {
      const current = await this.intents.findById(intent._id).lean();
      return { intent: current ? toStripePaymentIntent(current) : {}, error, event: null };
    }
    const object = toStripePaymentIntent(updated);
    const type = error ? 'payment_intent.payment_failed' : 'payment_intent.succeeded';
    return { intent: object, error, event: this.event(type, object) };
  }

  private event(type: string, object: Record<string, unknown>): ProviderEvent {
    const created = new Date();
    const id = stripeId('evt');
    return {
      id,
      type,
      created,
      object,
      payload: {
        id,
        object: 'event',
        type,
        created: Math.floor(created.getTime() / 1000),
        livemode: false,
        data: { object },
      },
    };
  }
}
