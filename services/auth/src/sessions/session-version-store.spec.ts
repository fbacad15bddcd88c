import type Redis from 'ioredis';
import type { Model } from 'mongoose';
import { SESSION_VERSIONS_SYNCED_KEY } from '@mcat/service-kit';
import type { User } from '../users/user.schema';
import type { RetiredSessionVersion } from './retired-session-version.schema';
import { SessionVersionStore } from './session-version-store';

/** A Redis without the marker that answers after a delay, as one just restarted might. */
function slowEmptyRedis() {
  const written = new Map<string, string>();
  const later = <T>(value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), 50));
  const redis = {
    exists: (key: string) => later(written.has(key) ? 1 : 0),
    set: (key: string, value: string) => {
      written.set(key, value);
      return later('OK');
    },
    pipeline: () => ({ eval: () => undefined, exec: () => later([]) }),
  };
  return { redis: redis as unknown as Redis, written };
}

/** A collection with nothing to re-sync: no version to write, only the marker. */
const nothingToResync = {
  find: () => ({ lean: () => ({ cursor: async function* () {} }) }),
  deleteMany: async () => ({}),
};
/** No user has changed a password yet, and no account was deleted. */
const noChangedUsers = nothingToResync as unknown as Model<User>;
const noRetiredVersions = nothingToResync as unknown as Model<RetiredSessionVersion>;

describe('session version store start', () => {
  it('has marked the versions synced before auth takes its first request', async () => {
    const { redis, written } = slowEmptyRedis();
    const store = new SessionVersionStore(redis, noChangedUsers, noRetiredVersions, 60_000, 3600);
    await store.onApplicationBootstrap();
    store.onApplicationShutdown();
    expect(written.has(SESSION_VERSIONS_SYNCED_KEY)).toBe(true);
  });
});
