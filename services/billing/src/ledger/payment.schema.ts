import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { PAYMENT_PROVIDERS, type PaymentProviderName } from '@mcat/contracts';

/**
 * One PaymentIntent billing created (or a free coupon claim, `_id` = `free_<userId>`), with the
 * amount the server set and what the provider and its events said since.
 */
@Schema({ collection: 'payments', timestamps: true, versionKey: false })
export class Payment {
  /** The PaymentIntent id. */
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ type: String, required: true, enum: PAYMENT_PROVIDERS })
  provider!: PaymentProviderName;

  @Prop({ type: String, required: true })
  userId!: string;

  /** Lower case, as auth keeps it. */
  @Prop({ type: String, default: null })
  email!: string | null;

  /** Cents, computed by the server from the price and the coupon. */
  @Prop({ type: Number, required: true })
  amount!: number;

  @Prop({ type: String, required: true })
  currency!: string;

  @Prop({ type: String, default: null })
  couponId!: string | null;

  /** Stripe's PaymentIntent status. */
  @Prop({ type: String, required: true })
  status!: string;

  @Prop({ type: String, default: null })
  lastError!: string | null;

  @Prop({ type: Number, default: 0 })
  amountRefunded!: number;

  @Prop({ type: Boolean, default: false })
  disputed!: boolean;

  createdAt!: Date;
  updatedAt!: Date;
}

export const PaymentSchema = SchemaFactory.createForClass(Payment);
PaymentSchema.index({ userId: 1, createdAt: -1 });
// The staff list, newest first with ties by id, all of it or by status
// (docs/adr/0027-index-coverage.md).
PaymentSchema.index({ createdAt: -1, _id: -1 });
PaymentSchema.index({ status: 1, createdAt: -1, _id: -1 });
