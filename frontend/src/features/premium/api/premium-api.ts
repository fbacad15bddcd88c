/**
 * The premium purchase: coupon, payment creation, confirmation; and the dev
 * provider's Test-mode card payment, which stands in for Stripe.js confirming a card.
 */
import type {
  ApplyCouponBody,
  ConfirmPremiumBody,
  CouponResult,
  CreatePaymentIntentBody,
  DevCardPaymentBody,
  DevPaymentIntent,
  PaymentIntentResult,
  User,
} from '@mcat/contracts';
import { api } from '../../../lib/api';
import { keyedWrite } from '../../../lib/idempotent-writes';

export const premiumApi = api.injectEndpoints({
  endpoints: (build) => ({
    applyCoupon: build.mutation<CouponResult, ApplyCouponBody>({
      query: (body) => keyedWrite({ url: 'auth/apply-coupon', method: 'POST', body }),
    }),
    createPaymentIntent: build.mutation<PaymentIntentResult, CreatePaymentIntentBody>({
      query: (body) => keyedWrite({ url: 'auth/create-payment-intent', method: 'POST', body }),
    }),
    confirmPremium: build.mutation<User, ConfirmPremiumBody>({
      query: (body) => keyedWrite({ url: 'auth/confirm-premium', method: 'POST', body }),
      invalidatesTags: ['User'],
    }),
    payWithDevCard: build.mutation<
      DevPaymentIntent,
      DevCardPaymentBody & { paymentIntentId: string }
    >({
      query: ({ paymentIntentId, clientSecret, cardNumber }) =>
        keyedWrite({
          url: `billing/dev/payment-intents/${encodeURIComponent(paymentIntentId)}/confirm`,
          method: 'POST',
          body: { clientSecret, cardNumber },
        }),
    }),
  }),
});

export const {
  useApplyCouponMutation,
  useCreatePaymentIntentMutation,
  useConfirmPremiumMutation,
  usePayWithDevCardMutation,
} = premiumApi;

/** The PaymentIntent id a client secret belongs to (`pi_..._secret_...`). */
export const paymentIntentIdOf = (clientSecret: string): string =>
  clientSecret.split('_secret_')[0];
