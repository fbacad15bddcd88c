/**
 * The chart's `helm test` check (packages/service-kit/src/release-check), run here against the
 * product npm test started, as the hook Pod runs it against a release's gateway Service.
 */
import { withDatabase } from '@mcat/test-support/stack';
import { systemEnv } from '@mcat/test-support/system/system-env';
import mongoose from 'mongoose';
import {
  checkRelease,
  ReleaseCheckError,
} from '../../../packages/service-kit/src/release-check/release-check';

describe('the release check (helm test)', () => {
  it('signs up, logs a test, reads it back and deletes the account, leaving no account behind', async () => {
    const { steps, email } = await checkRelease(systemEnv.baseUrl);
    expect(steps.map((step) => step.name)).toEqual([
      'health',
      'sign up',
      'log a test',
      'read it back',
      'delete the account',
    ]);
    const auth = await mongoose
      .createConnection(withDatabase(systemEnv.mongoUrl, 'mcat_auth'))
      .asPromise();
    try {
      expect(await auth.collection('users').countDocuments({ email })).toBe(0);
    } finally {
      await auth.close();
    }
  });

  it('waits a while for a gateway it cannot reach, then names the step that failed and why', async () => {
    const started = Date.now();
    const failure = await checkRelease('http://127.0.0.1:1', () => undefined, {
      timeoutMs: 2000,
      gatewayWaitMs: 3000,
    }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ReleaseCheckError);
    expect((failure as Error).message).toMatch(/^health: GET \/api\/health got no answer/);
    // It tried again for the gateway's wait before giving up.
    expect(Date.now() - started).toBeGreaterThanOrEqual(3000);
  });
});
