import { runMigration } from '@mcat/service-kit';
import { Payment, PaymentSchema } from './ledger/payment.schema';
import { DevPaymentIntent, DevPaymentIntentSchema } from './payments/dev-payment-intent.schema';
import { Purchase, PurchaseSchema } from './purchases/purchase.schema';
import { BillingEvent, BillingEventSchema } from './webhooks/billing-event.schema';

/**
 * `node dist/migrate.js` (the Helm pre-install/upgrade Job): the billing service's MongoDB indexes
 * (the dev provider's too, harmless with Stripe) and the JetStream streams. Needs MONGO_URL and
 * NATS_URL only; idempotent.
 */
runMigration('billing', [
  { name: Purchase.name, schema: PurchaseSchema },
  { name: Payment.name, schema: PaymentSchema },
  { name: BillingEvent.name, schema: BillingEventSchema },
  { name: DevPaymentIntent.name, schema: DevPaymentIntentSchema },
]);
