/**
 * Where integration tests find the shared test infrastructure (the `test` profile's FerretDB,
 * NATS and Redis). Each test file uses its own database name, so files never see each other's
 * data. A test that stops a dependency must start a private one instead (see `private-infra.ts`).
 */
import { randomUUID } from 'node:crypto';
import { TEST_PROFILE } from '@mcat/runner/ports';

export const testInfra = {
  mongoUrl: (dbName: string = `t_${randomUUID().slice(0, 8)}`) =>
    `mongodb://127.0.0.1:${TEST_PROFILE.mongo}/${dbName}`,
  natsUrl: `nats://127.0.0.1:${TEST_PROFILE.nats}`,
  redisUrl: `redis://127.0.0.1:${TEST_PROFILE.redis}`,
};
