import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/**
 * How many purchases used a coupon: one document per coupon, changed only by single-document
 * conditional updates, so two claims of a coupon's last redemption cannot both get it
 * (docs/adr/0010-billing.md).
 */
@Schema({ collection: 'coupon_redemptions', versionKey: false })
export class CouponRedemption {
  /** The coupon's id (what create-payment-intent receives as couponId). */
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ type: Number, required: true, min: 0 })
  count!: number;
}

export const CouponRedemptionSchema = SchemaFactory.createForClass(CouponRedemption);
