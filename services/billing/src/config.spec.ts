import { ConfigError, parseConfig } from '@mcat/service-kit';
import { billingEnvSchema } from './config';

const base = {
  PORT: '9104',
  MONGO_URL: 'mongodb://127.0.0.1:27217/mcat_billing',
  NATS_URL: 'nats://127.0.0.1:4422',
  REDIS_URL: 'redis://127.0.0.1:6579',
  JWKS_URL: 'http://127.0.0.1:9101/.well-known/jwks.json',
  INTERNAL_API_TOKEN: 'billing-config-test-internal-api-token',
};
const stripeKeys = {
  STRIPE_SECRET_KEY: 'sk_test_1',
  STRIPE_WEBHOOK_SECRET: 'whsec_1',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_1',
};

describe('the billing configuration', () => {
  it('runs the dev provider with the default coupons when no Stripe key is set', () => {
    const config = parseConfig(billingEnvSchema, base);
    expect(config.PAYMENT_PROVIDER).toBe('dev');
    expect(config.AUTH_INTERNAL_URL).toBe('http://127.0.0.1:8101');
    expect(config.DEV_COUPONS.map((c) => c.code)).toEqual(['FREEMCAT', 'HALFOFF']);
  });

  it('runs stripe when a secret key is set, and treats empty values as unset', () => {
    expect(parseConfig(billingEnvSchema, { ...base, ...stripeKeys }).PAYMENT_PROVIDER).toBe(
      'stripe',
    );
    expect(parseConfig(billingEnvSchema, { ...base, STRIPE_SECRET_KEY: '' }).PAYMENT_PROVIDER).toBe(
      'dev',
    );
  });

  it('refuses the dev provider in production', () => {
    expect(() => parseConfig(billingEnvSchema, { ...base, NODE_ENV: 'production' })).toThrow(
      /PAYMENT_PROVIDER: the dev payment provider is refused when NODE_ENV=production/,
    );
    expect(
      parseConfig(billingEnvSchema, { ...base, ...stripeKeys, NODE_ENV: 'production' })
        .PAYMENT_PROVIDER,
    ).toBe('stripe');
  });

  it('names the missing Stripe variable', () => {
    const { STRIPE_WEBHOOK_SECRET: _omitted, ...withoutSecret } = stripeKeys;
    expect(() => parseConfig(billingEnvSchema, { ...base, ...withoutSecret })).toThrow(
      new ConfigError(
        'Invalid configuration: STRIPE_WEBHOOK_SECRET is required with the stripe payment provider',
      ),
    );
  });

  it('names a bad coupon list', () => {
    expect(() => parseConfig(billingEnvSchema, { ...base, DEV_COUPONS: 'FREE:200%' })).toThrow(
      /DEV_COUPONS: FREE: "200%"/,
    );
  });
});
