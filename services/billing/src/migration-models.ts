import { IDEMPOTENCY_MODELS } from '@mcat/service-kit';
import { Payment, PaymentSchema } from './ledger/payment.schema';
import { DevPaymentIntent, DevPaymentIntentSchema } from './payments/dev-payment-intent.schema';
import { CouponRedemption, CouponRedemptionSchema } from './purchases/coupon-redemption.schema';
import { Purchase, PurchaseSchema } from './purchases/purchase.schema';
import { BillingEvent, BillingEventSchema } from './webhooks/billing-event.schema';

/** Every model of the billing service, whose indexes `src/migrate.ts` creates (the dev provider's too, harmless with Stripe). */
export const MIGRATION_MODELS = [
  { name: Purchase.name, schema: PurchaseSchema },
  { name: CouponRedemption.name, schema: CouponRedemptionSchema },
  { name: Payment.name, schema: PaymentSchema },
  { name: BillingEvent.name, schema: BillingEventSchema },
  { name: DevPaymentIntent.name, schema: DevPaymentIntentSchema },
  ...IDEMPOTENCY_MODELS,
];
