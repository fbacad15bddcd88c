import Redis from 'ioredis';
import { privateRedis, type PrivateServer } from '@mcat/test-support/private-infra';
import { PerUserCache } from '../src';
import { randomObjectId } from '../src/testing';

/**
 * The per-user cache against a real (private) Redis: two instances stand for two replicas of a
 * service; the "database" is a map each build reads, counting the reads.
 */
describe('PerUserCache', () => {
  let redisServer: PrivateServer;
  const clients: Redis[] = [];
  const stored = new Map<string, string>();
  let reads = 0;

  const ready = (redis: Redis) =>
    redis.status === 'ready' ? Promise.resolve() : new Promise((r) => redis.once('ready', r));
  /** A connection as the services make it (no offline queue), once it is ready. */
  const client = async () => {
    const redis = new Redis(redisServer.url, {
      maxRetriesPerRequest: 1,
      enableOfflineQueue: false,
    });
    redis.on('error', () => undefined);
    clients.push(redis);
    await ready(redis);
    return redis;
  };
  const replica = async (options: { maxUsers?: number; maxAgeMs?: number } = {}) =>
    new PerUserCache<string>(await client(), {
      name: 'test:values',
      maxUsers: 100,
      maxAgeMs: 60_000,
      ...options,
    });
  const read = (userId: string) => async () => {
    reads += 1;
    return stored.get(userId) ?? 'nothing';
  };
  /** Each user's value through `cache`, one after another, in the order given. */
  const getInTurn = async (cache: PerUserCache<string>, ...users: string[]) => {
    for (const user of users) await cache.get(user, read(user));
  };

  beforeAll(async () => {
    redisServer = await privateRedis();
  });

  afterAll(async () => {
    for (const redis of clients) redis.disconnect();
    await redisServer?.dispose();
  });

  beforeEach(() => {
    reads = 0;
  });

  it('reads the database once, then serves the kept value', async () => {
    const cache = await replica();
    const user = randomObjectId();
    stored.set(user, 'first');
    expect(await cache.get(user, read(user))).toBe('first');
    stored.set(user, 'written without telling the cache');
    expect(await cache.get(user, read(user))).toBe('first');
    expect(reads).toBe(1);
  });

  it('a change told by another replica is read by this one at once', async () => {
    const [here, there] = [await replica(), await replica()];
    const user = randomObjectId();
    stored.set(user, 'before');
    expect(await here.get(user, read(user))).toBe('before');
    stored.set(user, 'after');
    await there.changed(user);
    expect(await here.get(user, read(user))).toBe('after');
    expect(await here.get(user, read(user))).toBe('after');
    expect(reads).toBe(2);
  });

  it('a read that began before a write is never served after the write is told', async () => {
    const cache = await replica();
    const user = randomObjectId();
    stored.set(user, 'old');
    let finish = () => undefined as void;
    const slowRead = async () => {
      const value = stored.get(user) as string;
      await new Promise<void>((resolve) => {
        finish = resolve;
      });
      return value;
    };
    const early = cache.get(user, slowRead);
    await new Promise((r) => setTimeout(r, 50));
    stored.set(user, 'new');
    await cache.changed(user);
    finish();
    expect(await early).toBe('old');
    expect(await cache.get(user, read(user))).toBe('new');
  });

  it('calls at once share one read', async () => {
    const cache = await replica();
    const user = randomObjectId();
    stored.set(user, 'shared');
    const values = await Promise.all(Array.from({ length: 20 }, () => cache.get(user, read(user))));
    expect(new Set(values)).toEqual(new Set(['shared']));
    expect(reads).toBe(1);
  });

  it('a failed read is not kept: the next call reads again', async () => {
    const cache = await replica();
    const user = randomObjectId();
    await expect(cache.get(user, () => Promise.reject(new Error('database away')))).rejects.toThrow(
      'database away',
    );
    stored.set(user, 'back');
    expect(await cache.get(user, read(user))).toBe('back');
  });

  it('a value older than maxAgeMs is read again, however current its version', async () => {
    const cache = await replica({ maxAgeMs: 200 });
    const user = randomObjectId();
    stored.set(user, 'then');
    expect(await cache.get(user, read(user))).toBe('then');
    stored.set(user, 'a change whose telling was lost');
    await new Promise((r) => setTimeout(r, 250));
    expect(await cache.get(user, read(user))).toBe('a change whose telling was lost');
    expect(reads).toBe(2);
  });

  it('keeps at most maxUsers, dropping the least recently read', async () => {
    const cache = await replica({ maxUsers: 2 });
    const [a, b, c] = [randomObjectId(), randomObjectId(), randomObjectId()];
    await getInTurn(cache, a, b, a, c);
    expect(reads).toBe(3);
    await getInTurn(cache, a);
    expect(reads).toBe(3);
    await getInTurn(cache, b);
    expect(reads).toBe(4);
  });

  it('keeps values up to maxSize together, dropping the least recently read, and never a larger one', async () => {
    const cache = new PerUserCache<string>(await client(), {
      name: 'test:values',
      maxSize: 10,
      sizeOf: (value) => value.length,
      maxAgeMs: 60_000,
    });
    const [a, b, c, large] = [
      randomObjectId(),
      randomObjectId(),
      randomObjectId(),
      randomObjectId(),
    ];
    stored.set(a, 'aaaa');
    stored.set(b, 'bbbb');
    stored.set(c, 'cccc');
    stored.set(large, 'x'.repeat(11));
    await getInTurn(cache, a, b, a, c);
    expect(reads).toBe(3);
    await getInTurn(cache, a, c);
    expect(reads).toBe(3);
    await getInTurn(cache, b);
    expect(reads).toBe(4);
    await getInTurn(cache, large, large);
    expect(reads).toBe(6);
  });

  it('an edit changes the kept value in place: no read here, and another replica reads the change', async () => {
    const [here, there] = [await replica(), await replica()];
    const user = randomObjectId();
    stored.set(user, 'a');
    await here.get(user, read(user));
    await there.get(user, read(user));
    stored.set(user, 'a+b');
    await here.edit(user, (value) => `${value}+b`);
    expect(await here.get(user, read(user))).toBe('a+b');
    expect(reads).toBe(2);
    expect(await there.get(user, read(user))).toBe('a+b');
    expect(reads).toBe(3);
  });

  it('edits at once each land once, each on the value the others left', async () => {
    const cache = await replica();
    const user = randomObjectId();
    stored.set(user, 'a');
    await cache.get(user, read(user));
    await Promise.all(['b', 'c', 'd'].map((x) => cache.edit(user, (value) => `${value}+${x}`)));
    const value = await cache.get(user, read(user));
    expect(value.split('+').sort()).toEqual(['a', 'b', 'c', 'd']);
    expect(reads).toBe(1);
  });

  it('an edit while the value is being built changes the built value', async () => {
    const cache = await replica();
    const user = randomObjectId();
    let finish = () => undefined as void;
    const slowRead = async () => {
      await new Promise<void>((resolve) => {
        finish = resolve;
      });
      return 'built';
    };
    const building = cache.get(user, slowRead);
    await new Promise((r) => setTimeout(r, 50));
    const editing = cache.edit(user, (value) => `${value}+edited`);
    finish();
    expect(await building).toBe('built');
    await editing;
    expect(await cache.get(user, read(user))).toBe('built+edited');
    expect(reads).toBe(0);
  });

  it('an edit with nothing kept here is a change: every replica reads again', async () => {
    const [here, there] = [await replica(), await replica()];
    const user = randomObjectId();
    stored.set(user, 'old');
    await there.get(user, read(user));
    stored.set(user, 'new');
    await here.edit(user, (value) => `${value}+never applied`);
    expect(await there.get(user, read(user))).toBe('new');
    expect(await here.get(user, read(user))).toBe('new');
    expect(reads).toBe(3);
  });

  it('versions lost with Redis mean a new read, never an old value', async () => {
    const redis = await client();
    const cache = new PerUserCache<string>(redis, {
      name: 'test:values',
      maxUsers: 100,
      maxAgeMs: 60_000,
    });
    const user = randomObjectId();
    stored.set(user, 'kept');
    await cache.get(user, read(user));
    stored.set(user, 'changed while Redis was wiped');
    await redis.flushall();
    expect(await cache.get(user, read(user))).toBe('changed while Redis was wiped');
  });

  it('with Redis away every call reads the database, and telling a change or an edit does not throw', async () => {
    const cache = await replica();
    const user = randomObjectId();
    stored.set(user, 'one');
    expect(await cache.get(user, read(user))).toBe('one');
    await redisServer.stop();
    try {
      stored.set(user, 'two');
      expect(await cache.get(user, read(user))).toBe('two');
      expect(await cache.get(user, read(user))).toBe('two');
      await expect(cache.changed(user)).resolves.toBeUndefined();
      await expect(cache.edit(user, (value) => `${value}+edited`)).resolves.toBeUndefined();
      expect(await cache.get(user, read(user))).toBe('two');
      expect(reads).toBe(4);
    } finally {
      await redisServer.start();
    }
    await Promise.all(clients.map(ready));
  });
});
