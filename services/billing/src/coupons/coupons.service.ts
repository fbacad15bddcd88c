import { BadRequestException, Inject, Injectable } from '@nestjs/common';
import { ERRORS, PREMIUM_PRICE, type CouponResult } from '@mcat/contracts';
import {
  PAYMENT_PROVIDER,
  type PaymentProvider,
  type ProviderCoupon,
} from '../payments/payment-provider';
import { CouponRedemptions } from '../purchases/coupon-redemptions.service';
import { describeDiscount } from './discount';

/** Coupons: what a code is worth, and whether it can still be used. */
@Injectable()
export class CouponsService {
  constructor(
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    private readonly redemptions: CouponRedemptions,
  ) {}

  /** A customer's code: its id and discount, or 400 "Invalid coupon code" (unknown, expired, used up). */
  async apply(code: string): Promise<CouponResult> {
    const coupon = await this.usable(await this.provider.findCouponByCode(code));
    return { couponId: coupon.id, discount: describeDiscount(coupon) };
  }

  /** The coupon behind a couponId apply-coupon gave, checked again, or 400 "Invalid coupon code". */
  async resolve(couponId: string): Promise<ProviderCoupon> {
    return this.usable(await this.provider.getCoupon(couponId));
  }

  private async usable(coupon: ProviderCoupon | null): Promise<ProviderCoupon> {
    if (!coupon || !coupon.valid) throw new BadRequestException(ERRORS.invalidCoupon);
    if (coupon.expiresAt && coupon.expiresAt.getTime() <= Date.now()) {
      throw new BadRequestException(ERRORS.invalidCoupon);
    }
    if (coupon.amountOff !== null && coupon.currency !== PREMIUM_PRICE.currency) {
      throw new BadRequestException(ERRORS.invalidCoupon);
    }
    if (coupon.maxRedemptions !== null) {
      const redeemed = Math.max(coupon.timesRedeemed, await this.redemptions.count(coupon.id));
      if (redeemed >= coupon.maxRedemptions) throw new BadRequestException(ERRORS.invalidCoupon);
    }
    return coupon;
  }
}
