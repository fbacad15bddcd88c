/** Premium bought through the real API. */
import { expect, type APIRequestContext } from '@playwright/test';
import type { CouponResult } from '@mcat/contracts';

/**
 * Premium through the dev provider's 100% coupon: a payment for the staff to see, and room for
 * more than the free plan's two tests.
 */
export const buyPremiumWithCoupon = async (
  request: APIRequestContext,
  token: string,
): Promise<void> => {
  const headers = { Authorization: `Bearer ${token}` };
  const coupon = await request.post('/api/auth/apply-coupon', {
    headers,
    data: { couponCode: 'FREEMCAT' },
  });
  expect(coupon.status(), await coupon.text()).toBe(200);
  const { couponId } = (await coupon.json()) as CouponResult;
  const claimed = await request.post('/api/auth/create-payment-intent', {
    headers,
    data: { couponId },
  });
  expect(claimed.status(), await claimed.text()).toBe(200);
};
