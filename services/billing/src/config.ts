import { z } from 'zod';
import { PAYMENT_PROVIDERS, type PaymentProviderName } from '@mcat/contracts';
import { rateLimitExemptIps, serviceEnvSchema } from '@mcat/service-kit';
import { DEFAULT_DEV_COUPONS, DevCouponsError, parseDevCoupons } from './coupons/dev-coupons';

const httpUrl = (name: string) =>
  z.url({ protocol: /^https?$/, error: `${name} must be an http:// or https:// URL` });

/** An unset variable and an empty one (as a chart leaves an unused secret) mean the same. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

/** The billing service's environment (docs/configuration.md lists every variable). */
export const billingEnvSchema = serviceEnvSchema
  .extend({
    /** Base URL of the auth service: `/api/auth/me` and `POST /internal/users/:id/premium`. */
    AUTH_INTERNAL_URL: httpUrl('AUTH_INTERNAL_URL').default('http://127.0.0.1:8101'),
    /** `dev` or `stripe`; unset means stripe when STRIPE_SECRET_KEY is set, else dev. */
    PAYMENT_PROVIDER: optional(
      z.enum(PAYMENT_PROVIDERS, { error: 'PAYMENT_PROVIDER must be dev or stripe' }),
    ),
    STRIPE_SECRET_KEY: optional(z.string()),
    /** The signing secret of the webhook endpoint (`whsec_...`). */
    STRIPE_WEBHOOK_SECRET: optional(z.string()),
    /** Handed to the web app through `GET /api/billing/config`, never built into its bundle. */
    STRIPE_PUBLISHABLE_KEY: optional(z.string()),
    /** Another Stripe API base, such as stripe-mock's `http://127.0.0.1:12111`. */
    STRIPE_API_URL: optional(httpUrl('STRIPE_API_URL')),
    /** Client addresses apply-coupon's per-address limit does not count (per-account still does). */
    RATE_LIMIT_EXEMPT_IPS: rateLimitExemptIps,
    /** The dev provider's coupons (see coupons/dev-coupons.ts for the format). */
    DEV_COUPONS: z
      .string()
      .default(DEFAULT_DEV_COUPONS)
      .transform((value, ctx) => {
        try {
          return parseDevCoupons(value);
        } catch (error) {
          if (!(error instanceof DevCouponsError)) throw error;
          ctx.addIssue({ code: 'custom', message: `DEV_COUPONS: ${error.message}` });
          return z.NEVER;
        }
      }),
  })
  .transform((env, ctx) => {
    const provider: PaymentProviderName =
      env.PAYMENT_PROVIDER ?? (env.STRIPE_SECRET_KEY ? 'stripe' : 'dev');
    if (provider === 'dev' && env.NODE_ENV === 'production') {
      ctx.addIssue({
        code: 'custom',
        path: ['PAYMENT_PROVIDER'],
        message:
          'the dev payment provider is refused when NODE_ENV=production; set STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET and STRIPE_PUBLISHABLE_KEY',
      });
      return z.NEVER;
    }
    if (provider === 'stripe') {
      for (const name of [
        'STRIPE_SECRET_KEY',
        'STRIPE_WEBHOOK_SECRET',
        'STRIPE_PUBLISHABLE_KEY',
      ] as const) {
        if (!env[name]) {
          ctx.addIssue({
            code: 'custom',
            path: [name],
            message: `${name} is required with the stripe payment provider`,
          });
          return z.NEVER;
        }
      }
    }
    return { ...env, PAYMENT_PROVIDER: provider };
  });
export type BillingConfig = z.infer<typeof billingEnvSchema>;
