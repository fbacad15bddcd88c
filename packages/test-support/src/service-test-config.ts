/**
 * The settings a service's test harness starts it with, all but its port, its database and the
 * URLs of its neighbours: the test infrastructure's Redis, a JWKS and an auth stand-in of its own.
 */
import { TEST_INTERNAL_API_TOKEN } from '@mcat/service-kit/testing';
import { testInfra } from './test-env';

export interface ServiceTestEndpoints {
  natsUrl: string;
  jwksUrl: string;
  /** The auth stand-in's base URL. */
  authUrl: string;
}

export const serviceTestConfig = ({ natsUrl, jwksUrl, authUrl }: ServiceTestEndpoints) => ({
  NODE_ENV: 'test' as const,
  HOST: '127.0.0.1',
  LOG_LEVEL: process.env.TEST_LOG_LEVEL === 'error' ? ('error' as const) : ('silent' as const),
  NATS_URL: natsUrl,
  EVENT_STREAM_REPLICAS: 1,
  REDIS_URL: testInfra.redisUrl,
  JWKS_URL: jwksUrl,
  SHUTDOWN_GRACE_MS: 0,
  INTERNAL_API_TOKEN: TEST_INTERNAL_API_TOKEN,
  TRUSTED_PROXIES: [],
  AUTH_INTERNAL_URL: authUrl,
});
