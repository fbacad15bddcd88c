import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { PAYMENT_PROVIDERS, type PaymentProviderName } from '@mcat/contracts';
import { outboxPlugin } from '@mcat/service-kit';
import type { Types } from 'mongoose';

/**
 * Premium bought (or claimed with a 100% coupon): one per user, enforced by a unique index, so a
 * confirm-premium racing the webhook records it once. Written together with its
 * `billing.premium.purchased` event (outbox).
 */
@Schema({ collection: 'purchases', timestamps: true, versionKey: false })
export class Purchase {
  _id!: Types.ObjectId;

  @Prop({ type: String, required: true })
  userId!: string;

  @Prop({ type: String, required: true, enum: PAYMENT_PROVIDERS })
  provider!: PaymentProviderName;

  /** Null for a free claim. */
  @Prop({ type: String, default: null })
  paymentIntentId!: string | null;

  /** Cents paid. */
  @Prop({ type: Number, required: true })
  amount!: number;

  @Prop({ type: String, required: true })
  currency!: string;

  @Prop({ type: String, default: null })
  couponId!: string | null;

  /** `refunded` after a full refund; premium stays (docs/adr/0010-billing.md). */
  @Prop({ type: String, enum: ['active', 'refunded'], default: 'active' })
  status!: 'active' | 'refunded';

  @Prop({ type: Boolean, default: false })
  disputed!: boolean;

  createdAt!: Date;
}

export const PurchaseSchema = SchemaFactory.createForClass(Purchase);
PurchaseSchema.index({ userId: 1 }, { unique: true });
PurchaseSchema.index({ couponId: 1 });
PurchaseSchema.plugin(outboxPlugin);
