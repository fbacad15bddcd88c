/**
 * Makes sure the `test` profile's FerretDB, NATS and Redis answer before jest runs. `npm test`
 * starts them itself and they are found running here; when one workspace's tests are run alone,
 * this starts what is missing and stops it when jest ends. It ignores MONGO_URL, NATS_URL and
 * REDIS_URL: the tests use the profile's own ports (test-env.ts).
 */
import path from 'node:path';
import { markSessionVersionsSynced } from '../../service-kit/src/testing/session-versions-synced';
import { infraSpecs, isPortOpen, startProcess, type RunningProcess } from '@mcat/runner/infra';
import { TEST_PROFILE } from '@mcat/runner/ports';
import { testInfra } from './test-env';

export default async function globalSetup(): Promise<void> {
  const started: RunningProcess[] = [];
  for (const spec of infraSpecs(TEST_PROFILE, { external: 'ignore' })) {
    if (!(await isPortOpen(spec.port))) {
      started.push(await startProcess(spec, path.join(TEST_PROFILE.dataDir, 'logs')));
    }
  }
  // No auth service runs against the shared Redis to say its session versions are whole; the
  // services' tests sign their own tokens, so mark them whole as auth would (docs/adr/0005).
  await markSessionVersionsSynced(testInfra.redisUrl);
  const g = globalThis as { __MCAT_INFRA__?: RunningProcess[] };
  (g.__MCAT_INFRA__ ??= []).push(...started);
}
