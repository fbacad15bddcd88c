import { TEST_INTERNAL_API_TOKEN } from '@mcat/service-kit/testing';

/** The gateway's required variables, every upstream an address nothing answers on. */
export const REQUIRED_ENV = {
  JWKS_URL: 'http://127.0.0.1:1/.well-known/jwks.json',
  AUTH_URL: 'http://127.0.0.1:1',
  TESTS_URL: 'http://127.0.0.1:1',
  QUESTIONS_URL: 'http://127.0.0.1:1',
  BILLING_URL: 'http://127.0.0.1:1',
  MAILER_URL: 'http://127.0.0.1:1',
  INTERNAL_API_TOKEN: TEST_INTERNAL_API_TOKEN,
  REDIS_URL: 'redis://127.0.0.1:1',
};
