import type { BillingEventRecord } from '@mcat/contracts';

/**
 * What billing reads from a Stripe event's object (a PaymentIntent, Charge or Dispute, in
 * Stripe's shape from either provider): the fields the staff log shows and filters on.
 */
export type EventFacts = Pick<
  BillingEventRecord,
  'amount' | 'currency' | 'email' | 'userId' | 'status' | 'paymentIntentId'
>;

type Json = Record<string, unknown>;

const text = (value: unknown): string | null =>
  typeof value === 'string' && value !== '' ? value : null;
const cents = (value: unknown): number | null =>
  typeof value === 'number' && Number.isInteger(value) ? value : null;
const record = (value: unknown): Json =>
  typeof value === 'object' && value !== null ? (value as Json) : {};
/** An expandable field: the id, or the expanded object's id. */
const idOf = (value: unknown): string | null => text(value) ?? text(record(value).id);
const lower = (value: string | null): string | null => value?.toLowerCase() ?? null;

function paymentIntentFacts(intent: Json): EventFacts {
  const metadata = record(intent.metadata);
  return {
    amount: cents(intent.amount_received) || cents(intent.amount),
    currency: text(intent.currency),
    email: lower(text(intent.receipt_email) ?? text(metadata.userEmail)),
    userId: text(metadata.userId),
    status: text(intent.status),
    paymentIntentId: text(intent.id),
  };
}

function chargeFacts(charge: Json, type: string): EventFacts {
  const metadata = record(charge.metadata);
  const amount = cents(charge.amount);
  const refunded = cents(charge.amount_refunded);
  const isRefund = type === 'charge.refunded';
  return {
    amount: isRefund ? refunded : amount,
    currency: text(charge.currency),
    email: lower(text(record(charge.billing_details).email) ?? text(charge.receipt_email)),
    userId: text(metadata.userId),
    status: isRefund
      ? refunded !== null && amount !== null && refunded >= amount
        ? 'refunded'
        : 'partially_refunded'
      : text(charge.status),
    paymentIntentId: idOf(charge.payment_intent),
  };
}

function disputeFacts(dispute: Json): EventFacts {
  const charge = record(dispute.charge);
  return {
    amount: cents(dispute.amount),
    currency: text(dispute.currency),
    email: lower(text(record(charge.billing_details).email) ?? text(charge.receipt_email)),
    userId: text(record(dispute.metadata).userId),
    status: text(dispute.status),
    paymentIntentId: idOf(dispute.payment_intent) ?? idOf(charge.payment_intent),
  };
}

export function eventFacts(type: string, object: Json): EventFacts {
  switch (object.object) {
    case 'payment_intent':
      return paymentIntentFacts(object);
    case 'charge':
      return chargeFacts(object, type);
    case 'dispute':
      return disputeFacts(object);
    default:
      return {
        amount: cents(object.amount),
        currency: text(object.currency),
        email: null,
        userId: null,
        status: text(object.status),
        paymentIntentId: null,
      };
  }
}

/** Whether a charge.refunded event gave back everything that was charged. */
export function isFullRefund(object: Json): boolean {
  const amount = cents(object.amount);
  const refunded = cents(object.amount_refunded);
  return object.refunded === true || (amount !== null && refunded !== null && refunded >= amount);
}

/** The PaymentIntent's last error message, if the event's object is a failed PaymentIntent. */
export function lastErrorMessage(object: Json): string | null {
  return text(record(object.last_payment_error).message);
}
