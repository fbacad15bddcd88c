import { z } from 'zod';
import { VALIDATION } from '../messages';

export const applyCouponSchema = z.object({
  couponCode: z
    .string({ error: VALIDATION.couponRequired })
    .trim()
    .min(1, VALIDATION.couponRequired),
});
export type ApplyCouponBody = z.infer<typeof applyCouponSchema>;

export const createPaymentIntentSchema = z.object({
  couponId: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.string({ error: 'couponId must be text' }).max(200).optional(),
  ),
});
export type CreatePaymentIntentBody = z.infer<typeof createPaymentIntentSchema>;

export const confirmPremiumSchema = z.object({
  paymentIntentId: z
    .string({ error: 'paymentIntentId is required' })
    .trim()
    .min(1, 'paymentIntentId is required')
    .max(255, 'paymentIntentId is too long'),
});
export type ConfirmPremiumBody = z.infer<typeof confirmPremiumSchema>;
