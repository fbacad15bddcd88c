import { PREMIUM_PRICE } from '@mcat/contracts';
import type { ProviderCoupon } from '../payments/payment-provider';

type Discount = Pick<ProviderCoupon, 'percentOff' | 'amountOff'>;

/** What Premium costs with this coupon (or none), in cents: never below zero. */
export function premiumAmount(coupon: Discount | null): number {
  const price = PREMIUM_PRICE.amount;
  if (!coupon) return price;
  if (coupon.percentOff !== null)
    return Math.max(0, Math.round((price * (100 - coupon.percentOff)) / 100));
  if (coupon.amountOff !== null) return Math.max(0, price - coupon.amountOff);
  return price;
}

/** How apply-coupon describes a discount: "free" when nothing is left to pay, "50% off", "$5.00 off". */
export function describeDiscount(coupon: Discount): string {
  if (premiumAmount(coupon) === 0) return 'free';
  if (coupon.percentOff !== null) return `${coupon.percentOff}% off`;
  return `$${((coupon.amountOff ?? 0) / 100).toFixed(2)} off`;
}
