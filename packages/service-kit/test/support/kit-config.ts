/** The config a kit service of these tests starts with: a free loopback port, quiet, no grace. */
import { freePort } from '@mcat/test-support/private-infra';
import { testInfra } from '@mcat/test-support/test-env';
import type { KitConfig } from '../../src';
import { TEST_INTERNAL_API_TOKEN } from '../../src/testing';

export async function kitTestConfig(overrides: Partial<KitConfig> = {}): Promise<KitConfig> {
  return {
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: await freePort(),
    LOG_LEVEL: 'silent',
    REDIS_URL: testInfra.redisUrl,
    SHUTDOWN_GRACE_MS: 0,
    INTERNAL_API_TOKEN: TEST_INTERNAL_API_TOKEN,
    TRUSTED_PROXIES: [],
    ...overrides,
  };
}
