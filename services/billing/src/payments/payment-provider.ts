import type { PaymentProviderName } from '@mcat/contracts';

/** Injection token of the provider the configuration chose. */
export const PAYMENT_PROVIDER = Symbol('PAYMENT_PROVIDER');

/** Stripe's PaymentIntent statuses; the dev provider uses the same. */
export type PaymentIntentStatus =
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'requires_action'
  | 'processing'
  | 'requires_capture'
  | 'canceled'
  | 'succeeded';

/** Statuses in which a PaymentIntent can still be paid, so it is reused rather than replaced. */
export const OPEN_INTENT_STATUSES: readonly PaymentIntentStatus[] = [
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
];

/** What billing writes into a PaymentIntent's metadata and reads back. */
export interface IntentMetadata {
  userId: string;
  /** Empty when no coupon applies (Stripe metadata values are text). */
  couponId: string;
  userEmail: string;
}

export interface PaymentError {
  /** Stripe's error code: card_declined, incorrect_number, ... */
  code: string | null;
  /** Stripe's decline code: generic_decline, insufficient_funds, ... */
  declineCode: string | null;
  message: string | null;
}

/** A PaymentIntent as billing reads it from either provider. */
export interface PaymentIntentView {
  id: string;
  status: PaymentIntentStatus;
  /** Cents. */
  amount: number;
  currency: string;
  clientSecret: string;
  metadata: Partial<IntentMetadata>;
  lastPaymentError: PaymentError | null;
}

/** A PaymentIntent in Stripe's field names, as Stripe answers it and the dev provider stores it. */
interface StripeShapedIntent {
  status: PaymentIntentStatus;
  amount: number;
  currency: string;
  metadata: unknown;
  last_payment_error?: {
    code?: string | null;
    decline_code?: string | null;
    message?: string | null;
  } | null;
}

/** The view of an intent with this id and client secret. */
export function intentViewOf(
  id: string,
  clientSecret: string,
  intent: StripeShapedIntent,
): PaymentIntentView {
  const error = intent.last_payment_error;
  return {
    id,
    status: intent.status,
    amount: intent.amount,
    currency: intent.currency,
    clientSecret,
    metadata: intent.metadata as Partial<IntentMetadata>,
    lastPaymentError: error
      ? {
          code: error.code ?? null,
          declineCode: error.decline_code ?? null,
          message: error.message ?? null,
        }
      : null,
  };
}

/** A coupon as the provider knows it; redemptions are counted by billing too. */
export interface ProviderCoupon {
  /** What create-payment-intent receives back as couponId. */
  id: string;
  percentOff: number | null;
  /** Cents, in `currency`. */
  amountOff: number | null;
  currency: string | null;
  /** False once the provider says it can no longer be redeemed. */
  valid: boolean;
  maxRedemptions: number | null;
  timesRedeemed: number;
  expiresAt: Date | null;
}

/** A Stripe event (or the dev provider's equivalent), before billing records it. */
export interface ProviderEvent {
  id: string;
  type: string;
  created: Date;
  /** `data.object` of the event: a PaymentIntent, Charge or Dispute in Stripe's shape. */
  object: Record<string, unknown>;
  /** The whole event as received. */
  payload: Record<string, unknown>;
}

export class WebhookSignatureError extends Error {}

/**
 * What billing needs of a payment provider: coupons, PaymentIntents and verified webhooks.
 * `stripe` talks to Stripe; `dev` keeps its own PaymentIntents (docs/adr/0010-billing.md).
 */
export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** For the web app's card form; null for the dev provider. */
  readonly publishableKey: string | null;
  /** The coupon a customer's code names, or null when there is none. */
  findCouponByCode(code: string): Promise<ProviderCoupon | null>;
  /** The coupon behind a couponId returned earlier, or null. */
  getCoupon(couponId: string): Promise<ProviderCoupon | null>;
  createIntent(input: {
    amount: number;
    currency: string;
    metadata: IntentMetadata;
  }): Promise<PaymentIntentView>;
  /** Changes the amount and metadata of an open PaymentIntent (another coupon applied). */
  updateIntent(
    id: string,
    input: { amount: number; metadata: IntentMetadata },
  ): Promise<PaymentIntentView>;
  /** The PaymentIntent, or null when the provider has none of that id. */
  retrieveIntent(id: string): Promise<PaymentIntentView | null>;
  /** Checks a webhook's signature on its raw body; throws WebhookSignatureError when it fails. */
  verifyWebhook(rawBody: Buffer, signature: string | undefined): ProviderEvent;
}
