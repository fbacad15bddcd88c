import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { PAYMENT_PROVIDERS, type PaymentProviderName } from '@mcat/contracts';

/**
 * A Stripe event (or the dev provider's equivalent), recorded once by its id (`_id`), with the
 * fields the staff log filters on and the whole payload.
 */
@Schema({
  collection: 'billing_events',
  timestamps: { createdAt: 'receivedAt', updatedAt: false },
  versionKey: false,
})
export class BillingEvent {
  /** The provider's event id (`evt_...`). */
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ type: String, required: true })
  type!: string;

  @Prop({ type: String, required: true, enum: PAYMENT_PROVIDERS })
  provider!: PaymentProviderName;

  /** When the provider says it happened. */
  @Prop({ type: Date, required: true })
  occurredAt!: Date;

  /** Cents: charged, refunded or disputed, depending on the event. */
  @Prop({ type: Number, default: null })
  amount!: number | null;

  @Prop({ type: String, default: null })
  currency!: string | null;

  @Prop({ type: String, default: null })
  email!: string | null;

  @Prop({ type: String, default: null })
  userId!: string | null;

  /** The status of the object the event is about (PaymentIntent, Charge or Dispute). */
  @Prop({ type: String, default: null })
  status!: string | null;

  @Prop({ type: String, default: null })
  paymentIntentId!: string | null;

  /** The event as received, as JSON text (kept verbatim, whatever its keys). */
  @Prop({ type: String, required: true })
  payload!: string;

  /** Set once its effect (premium, ledger) is applied; a redelivery before that applies it again. */
  @Prop({ type: Date, default: null })
  handledAt!: Date | null;

  receivedAt!: Date;
}

export const BillingEventSchema = SchemaFactory.createForClass(BillingEvent);
BillingEventSchema.index({ occurredAt: -1, receivedAt: -1 });
BillingEventSchema.index({ type: 1, occurredAt: -1 });
// The staff log filtered by status, newest first (docs/adr/0027-index-coverage.md).
BillingEventSchema.index({ status: 1, occurredAt: -1, receivedAt: -1 });
// Account erasure finds the events about the person's payments (account-data.service.ts).
BillingEventSchema.index({ userId: 1 });
BillingEventSchema.index({ paymentIntentId: 1 });
