/** The stack's Redis, where auth keeps its rate-limit counters (docs/adr/0005). */
import Redis from 'ioredis';
import { infraUrls } from '@mcat/test-support/stack';
import { systemEnv } from '@mcat/test-support/system/system-env';

const POLL_MS = 5;

/**
 * Ends a rate-limit wait as the time passing would: the counter's key (`rate-limit:<rule>:<key>`)
 * expires now. Answers how many milliseconds it had left (-2 when there was no such key), so a
 * test can check the wait it skipped.
 */
export async function endWait(key: string): Promise<number> {
  const redis = new Redis(infraUrls(systemEnv.profile).REDIS_URL, { maxRetriesPerRequest: 1 });
  try {
    const remainingMs = await redis.pttl(key);
    if (remainingMs > 0) {
      await redis.pexpire(key, 1);
      while ((await redis.exists(key)) === 1) {
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
    }
    return remainingMs;
  } finally {
    await redis.quit();
  }
}
