import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import type { PaymentIntentStatus } from './payment-provider';

/** Stripe's `last_payment_error`, in its field names. */
export interface DevPaymentError {
  type: 'card_error';
  code: string | null;
  decline_code: string | null;
  message: string | null;
}

/**
 * A PaymentIntent of the dev provider, stored in Stripe's shape and field names (`_id` is the
 * `pi_dev_...` id), so what the Test-mode form and the event log see matches Stripe.
 */
@Schema({ collection: 'dev_payment_intents', versionKey: false })
export class DevPaymentIntent {
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ type: Number, required: true })
  amount!: number;

  @Prop({ type: Number, default: 0 })
  amount_received!: number;

  @Prop({ type: String, required: true })
  currency!: string;

  @Prop({ type: String, required: true })
  status!: PaymentIntentStatus;

  @Prop({ type: String, required: true })
  client_secret!: string;

  @Prop({ type: Object, required: true })
  metadata!: Record<string, string>;

  @Prop({ type: String, default: null })
  receipt_email!: string | null;

  @Prop({ type: Object, default: null })
  last_payment_error!: DevPaymentError | null;

  @Prop({ type: String, default: null })
  latest_charge!: string | null;

  /** Unix seconds, as Stripe gives it. */
  @Prop({ type: Number, required: true })
  created!: number;
}

export const DevPaymentIntentSchema = SchemaFactory.createForClass(DevPaymentIntent);
// Account erasure finds the person's intents (account-data.service.ts).
DevPaymentIntentSchema.index({ 'metadata.userId': 1 });

/** The object Stripe's API would answer for this PaymentIntent. */
export function toStripePaymentIntent(intent: DevPaymentIntent): Record<string, unknown> {
  return {
    id: intent._id,
    object: 'payment_intent',
    amount: intent.amount,
    amount_received: intent.amount_received,
    currency: intent.currency,
    status: intent.status,
    client_secret: intent.client_secret,
    metadata: intent.metadata,
    receipt_email: intent.receipt_email,
    last_payment_error: intent.last_payment_error,
    latest_charge: intent.latest_charge,
    created: intent.created,
    livemode: false,
    payment_method_types: ['card'],
  };
}
