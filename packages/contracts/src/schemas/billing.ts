import { z } from 'zod';
import {
  CARD_NUMBER_MAX_LENGTH,
  COUPON_CODE_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  EVENT_TYPE_FILTER_MAX_LENGTH,
  PROVIDER_ID_MAX_LENGTH,
  STATUS_FILTER_MAX_LENGTH,
} from '../constants';
import type { PaymentProviderName } from '../catalog';
import { TOO_LONG, VALIDATION } from '../messages';

export const applyCouponSchema = z.object({
  couponCode: z
    .string({ error: VALIDATION.couponRequired })
    .trim()
    .min(1, VALIDATION.couponRequired)
    .max(COUPON_CODE_MAX_LENGTH, TOO_LONG.couponCode),
});
export type ApplyCouponBody = z.infer<typeof applyCouponSchema>;

export const createPaymentIntentSchema = z.object({
  couponId: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z
      .string({ error: 'couponId must be text' })
      .max(PROVIDER_ID_MAX_LENGTH, TOO_LONG.couponId)
      .optional(),
  ),
});
export type CreatePaymentIntentBody = z.infer<typeof createPaymentIntentSchema>;

export const confirmPremiumSchema = z.object({
  paymentIntentId: z
    .string({ error: 'paymentIntentId is required' })
    .trim()
    .min(1, 'paymentIntentId is required')
    .max(PROVIDER_ID_MAX_LENGTH, TOO_LONG.paymentIntentId),
});
export type ConfirmPremiumBody = z.infer<typeof confirmPremiumSchema>;

/** The dev provider's Test-mode card form (`POST /api/billing/dev/payment-intents/:id/confirm`). */
export const devCardPaymentSchema = z.object({
  clientSecret: z
    .string({ error: 'clientSecret is required' })
    .trim()
    .min(1, 'clientSecret is required')
    .max(PROVIDER_ID_MAX_LENGTH, TOO_LONG.clientSecret),
  cardNumber: z
    .string({ error: 'Please enter a card number.' })
    .max(CARD_NUMBER_MAX_LENGTH, TOO_LONG.cardNumber)
    .transform((value) => value.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^\d{12,19}$/, 'Your card number is incorrect.')),
});
export type DevCardPaymentBody = z.infer<typeof devCardPaymentSchema>;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const day = (label: string) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z
      .string()
      .regex(DAY, `${label} must be a date (YYYY-MM-DD)`)
      .refine((v) => !Number.isNaN(Date.parse(v)), `${label} must be a date (YYYY-MM-DD)`)
      .optional(),
  );
const text = (max: number, tooLong: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.string().trim().max(max, tooLong).optional(),
  );

/**
 * Filters of the billing staff's lists and CSV exports (query string). `type` applies to events;
 * `from` and `to` are whole UTC days, both included; `email` matches part of the address.
 */
export const billingListQuerySchema = z.object({
  type: text(EVENT_TYPE_FILTER_MAX_LENGTH, TOO_LONG.typeFilter),
  status: text(STATUS_FILTER_MAX_LENGTH, TOO_LONG.statusFilter),
  email: text(EMAIL_MAX_LENGTH, TOO_LONG.emailFilter),
  from: day('from'),
  to: day('to'),
  page: z.coerce.number().int().min(1, 'page must be 1 or more').default(1),
  limit: z.coerce
    .number()
    .int()
    .min(1, 'limit must be between 1 and 200')
    .max(200, 'limit must be between 1 and 200')
    .default(50),
});
export type BillingListQuery = z.infer<typeof billingListQuerySchema>;

/** One Stripe event (or the dev provider's equivalent) as billing recorded it. */
export interface BillingEventRecord {
  id: string;
  type: string;
  provider: PaymentProviderName;
  /** ISO time the provider gives the event. */
  occurredAt: string;
  /** Cents, or null when the event carries no amount. */
  amount: number | null;
  currency: string | null;
  email: string | null;
  userId: string | null;
  status: string | null;
  paymentIntentId: string | null;
  payload: unknown;
  receivedAt: string;
}

/** One PaymentIntent (or free coupon claim) and where it stands. */
export interface PaymentRecord {
  /** The PaymentIntent id, or `free_<userId>` for a 100% coupon. */
  id: string;
  provider: PaymentProviderName;
  userId: string;
  email: string | null;
  /** Cents charged (0 for a free claim). */
  amount: number;
  currency: string;
  couponId: string | null;
  /** Stripe's PaymentIntent status. */
  status: string;
  lastError: string | null;
  amountRefunded: number;
  disputed: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  limit: number;
}
