import Redis from 'ioredis';
import { SESSION_VERSIONS_SYNCED_KEY } from '../auth/token';

/**
 * Plays the auth service's part for a service's tests that sign their own tokens: marks the session
 * versions in this Redis as whole, as auth does once it has written them, so the guard reads a
 * missing version as 0 instead of answering 503.
 */
export async function markSessionVersionsSynced(redisUrl: string): Promise<void> {
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 2 });
  try {
    await redis.connect();
    await redis.set(SESSION_VERSIONS_SYNCED_KEY, new Date().toISOString());
  } finally {
    redis.disconnect();
  }
}
