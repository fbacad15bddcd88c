import Stripe from 'stripe';
import type { BillingConfig } from '../config';
import {
  WebhookSignatureError,
  intentViewOf,
  type IntentMetadata,
  type PaymentIntentView,
  type PaymentProvider,
  type ProviderCoupon,
  type ProviderEvent,
} from './payment-provider';

/** How old a webhook's signed timestamp may be (Stripe's own default). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

const isMissing = (error: unknown): boolean =>
  error instanceof Stripe.errors.StripeError && error.code === 'resource_missing';

const toIntentView = (intent: Stripe.PaymentIntent): PaymentIntentView =>
  intentViewOf(intent.id, intent.client_secret ?? '', intent);

/** A promotion code's id, the only couponId this provider gives out and takes back. */
const PROMOTION_CODE_ID = /^promo_[A-Za-z0-9]{1,100}$/;

/**
 * A promotion code as the coupon it gives. Its coupon's discount, with the code's own id, state,
 * limit and expiry. Not valid once the code or its coupon is no longer active, nor when Stripe
 * keeps it for one customer: billing has no Stripe customers, so it could not tell who that is.
 */
function fromPromotionCode(promo: Stripe.PromotionCode): ProviderCoupon | null {
  const coupon = promo.promotion.coupon;
  if (!coupon || typeof coupon === 'string') return null;
  return {
    id: promo.id,
    percentOff: coupon.percent_off,
    amountOff: coupon.amount_off,
    currency: coupon.currency,
    // Stripe turns `valid` off itself once redeem_by passes or max_redemptions is reached.
    valid: promo.active && coupon.valid && promo.customer === null,
    maxRedemptions: promo.max_redemptions ?? coupon.max_redemptions,
    timesRedeemed: promo.times_redeemed,
    expiresAt: promo.expires_at ? new Date(promo.expires_at * 1000) : null,
  };
}

/**
 * Stripe through its official SDK (pinned to the API version stripe-mock serves). Customers' codes
 * are Stripe promotion codes only: a coupon's own id (an internal one, one made for staff) is no
 * code, so `coupons.retrieve` is never called with what a customer typed or sent.
 */
export class StripePaymentProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  readonly publishableKey: string;
  private readonly stripe: Stripe;
  private readonly webhookSecret: string;

  constructor(config: BillingConfig) {
    const api = config.STRIPE_API_URL ? new URL(config.STRIPE_API_URL) : null;
    this.stripe = new Stripe(config.STRIPE_SECRET_KEY ?? '', {
      maxNetworkRetries: 2,
      timeout: 10_000,
      ...(api && {
        host: api.hostname,
        port: api.port || (api.protocol === 'https:' ? 443 : 80),
        protocol: api.protocol === 'https:' ? 'https' : 'http',
      }),
    });
    this.publishableKey = config.STRIPE_PUBLISHABLE_KEY ?? '';
    this.webhookSecret = config.STRIPE_WEBHOOK_SECRET ?? '';
  }

  /** The active promotion code of that code (in any case), or null. */
  async findCouponByCode(code: string): Promise<ProviderCoupon | null> {
    const promos = await this.stripe.promotionCodes.list({
      code,
      active: true,
      limit: 1,
      expand: ['data.promotion.coupon'],
    });
    // Stripe matches the code regardless of case; anything else it answers is not this code.
    const promo = promos.data.find((p) => p.code.toUpperCase() === code.toUpperCase());
    return promo ? fromPromotionCode(promo) : null;
  }

  /** The promotion code of an id apply-coupon gave (`promo_…`), read again; any other id is none. */
  async getCoupon(couponId: string): Promise<ProviderCoupon | null> {
    if (!PROMOTION_CODE_ID.test(couponId)) return null;
    try {
      const promo = await this.stripe.promotionCodes.retrieve(couponId, {
        expand: ['promotion.coupon'],
      });
      return fromPromotionCode(promo);
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async createIntent(input: {
    amount: number;
    currency: string;
    metadata: IntentMetadata;
  }): Promise<PaymentIntentView> {
    const intent = await this.stripe.paymentIntents.create({
      amount: input.amount,
      currency: input.currency,
      metadata: { ...input.metadata },
      receipt_email: input.metadata.userEmail || undefined,
      automatic_payment_methods: { enabled: true },
    });
    return toIntentView(intent);
  }

  async updateIntent(
    id: string,
    input: { amount: number; metadata: IntentMetadata },
  ): Promise<PaymentIntentView> {
    const intent = await this.stripe.paymentIntents.update(id, {
      amount: input.amount,
      metadata: { ...input.metadata },
    });
    return toIntentView(intent);
  }

  async retrieveIntent(id: string): Promise<PaymentIntentView | null> {
    try {
      return toIntentView(await this.stripe.paymentIntents.retrieve(id));
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  verifyWebhook(rawBody: Buffer, signature: string | undefined): ProviderEvent {
    if (!signature) throw new WebhookSignatureError('The Stripe-Signature header is missing');
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(
        rawBody,
        signature,
        this.webhookSecret,
        WEBHOOK_TOLERANCE_SECONDS,
      );
    } catch (error) {
      throw new WebhookSignatureError((error as Error).message);
    }
    return {
      id: event.id,
      type: event.type,
      created: new Date(event.created * 1000),
      object: event.data.object as unknown as Record<string, unknown>,
      payload: event as unknown as Record<string, unknown>,
    };
  }
}
