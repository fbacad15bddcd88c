import { randomUUID } from 'node:crypto';
import { Logger } from '@nestjs/common';
import type Redis from 'ioredis';

/** How long a user's version lives in Redis without a change (a lost version only costs a rebuild). */
const VERSION_TTL_S = 24 * 60 * 60;

/** Tries of an in-place edit, each against the value of the version then current, before `changed`. */
const EDIT_ATTEMPTS = 10;

/** Sets a new version only if the key still holds the one given (KEYS[1], ARGV: old, new, ttl). */
const REPLACE_VERSION = `if redis.call('GET', KEYS[1]) == ARGV[1] then
  redis.call('SET', KEYS[1], ARGV[2], 'EX', ARGV[3])
  return 1
end
return 0`;

interface Kept<T> {
  version: string;
  value: T;
  builtAt: number;
  /** What it counts against the limit: 1 under `maxUsers`, its `sizeOf` under `maxSize`. */
  size: number;
}

/** How much this process keeps; the least recently read users' values go first. */
export type PerUserCacheLimit<T> =
  | {
      /** How many users' values. */
      maxUsers: number;
    }
  | {
      /** How large the values may be together, as `sizeOf` counts; a larger one is never kept. */
      maxSize: number;
      sizeOf: (value: T) => number;
    };

export type PerUserCacheOptions<T> = PerUserCacheLimit<T> & {
  /** The logger's name, and the Redis key prefix `<name>:version:` unless `versionPrefix` says. */
  name: string;
  /** The Redis key of a user's version is `<versionPrefix><userId>` (default `<name>:version:`). */
  versionPrefix?: string;
  /**
   * How long a value is served at most, however current its version: the bound on a change whose
   * new version never reached Redis (a crash between the write and `changed`, Redis away then).
   */
  maxAgeMs: number;
};

/**
 * One value per user (a student's scored tests, a user's plan, a user's question list), kept in
 * this process and served while the user's version in Redis is the one it was built under. The
 * owner of the data calls `changed` after every write that alters it: a new random version, so a
 * value built from a read before the write is never served again, by this replica or any other; or
 * `edit`, which changes the kept value in place under a new version rather than read it again. A
 * version lost with Redis is replaced by a new random one, never reset to one an old value was
 * kept under; with Redis away nothing is kept and every call builds. Costs one Redis GET per call
 * once the value is kept.
 */
export class PerUserCache<T> {
  private readonly logger: Logger;
  private readonly kept = new Map<string, Kept<T>>();
  private readonly building = new Map<string, Promise<Kept<T>>>();
  private readonly limit: number;
  private readonly sizeOf: (value: T) => number;
  private readonly versionPrefix: string;
  private keptSize = 0;

  constructor(
    private readonly redis: Redis,
    private readonly options: PerUserCacheOptions<T>,
  ) {
    this.logger = new Logger(options.name);
    this.versionPrefix = options.versionPrefix ?? `${options.name}:version:`;
    if ('maxSize' in options) {
      this.limit = options.maxSize;
      this.sizeOf = options.sizeOf;
    } else {
      this.limit = options.maxUsers;
      this.sizeOf = () => 1;
    }
  }

  /** The user's value: the kept one if still current, else `build()`'s (shared by calls at once). */
  async get(userId: string, build: () => Promise<T>): Promise<T> {
    const version = await this.version(userId);
    if (version === null) return build();
    const kept = this.kept.get(userId);
    if (kept?.version === version && Date.now() - kept.builtAt < this.options.maxAgeMs) {
      this.kept.delete(userId);
      this.kept.set(userId, kept);
      return kept.value;
    }
    const key = `${userId}:${version}`;
    let pending = this.building.get(key);
    if (!pending) {
      const builtAt = Date.now();
      pending = build()
        .then((value) => this.entry(version, value, builtAt))
        .finally(() => this.building.delete(key));
      this.building.set(key, pending);
      this.keep(userId, await pending);
    }
    return (await pending).value;
  }

  /** Called after a write that changes the user's value (before the write's answer goes out). */
  async changed(userId: string): Promise<void> {
    this.forget(userId);
    try {
      await this.redis.set(this.versionKey(userId), randomUUID(), 'EX', VERSION_TTL_S);
    } catch (error) {
      // The version stays: other replicas may serve the old value until it expires.
      this.logger.warn(`Version of ${userId} not changed: ${(error as Error).message}`);
    }
  }

  /**
   * Called after a write whose effect on the value is known (a record added, some removed): the
   * value this process keeps, or is building, under the current version is changed in place and
   * kept under a new version, so the next read needs no build. The new version replaces the old one
   * only if no other write changed it meanwhile; if one did, the edit is tried again on the value of
   * the version it set (a write running alongside in this process keeps one), and without a current
   * value here (a write of another replica, nothing kept) this is `changed`. Other replicas build
   * again, as after `changed`.
   */
  async edit(userId: string, change: (value: T) => T): Promise<void> {
    try {
      const key = this.versionKey(userId);
      for (let attempt = 0; attempt < EDIT_ATTEMPTS; attempt += 1) {
        const version = await this.redis.get(key);
        const current = version === null ? undefined : await this.current(userId, version);
        if (!current) break;
        const value = change(current.value);
        const next = randomUUID();
        const replaced = await this.redis.eval(
          REPLACE_VERSION,
          1,
          key,
          current.version,
          next,
          VERSION_TTL_S,
        );
        if (replaced === 1) {
          // As old as the value it was made from: a change lost before that one is still bounded.
          this.keep(userId, this.entry(next, value, current.builtAt));
          return;
        }
      }
    } catch (error) {
      this.logger.warn(`Value of ${userId} not changed in place: ${(error as Error).message}`);
    }
    await this.changed(userId);
  }

  private versionKey(userId: string): string {
    return `${this.versionPrefix}${userId}`;
  }

  /** The user's current version, created if missing; null (nothing kept) when Redis is away. */
  private async version(userId: string): Promise<string | null> {
    const key = this.versionKey(userId);
    try {
      const current = await this.redis.get(key);
      if (current !== null) return current;
      await this.redis.set(key, randomUUID(), 'EX', VERSION_TTL_S, 'NX');
      return await this.redis.get(key);
    } catch (error) {
      this.logger.warn(`Version of ${userId} not read: ${(error as Error).message}`);
      return null;
    }
  }

  /** The value kept, or being built, under this version. */
  private async current(userId: string, version: string): Promise<Kept<T> | undefined> {
    const kept = this.kept.get(userId);
    if (kept?.version === version) return kept;
    return this.building.get(`${userId}:${version}`)?.catch(() => undefined);
  }

  private entry(version: string, value: T, builtAt: number): Kept<T> {
    return { version, value, builtAt, size: this.sizeOf(value) };
  }

  private keep(userId: string, kept: Kept<T>): void {
    this.forget(userId);
    if (kept.size > this.limit) return;
    this.kept.set(userId, kept);
    this.keptSize += kept.size;
    for (const [oldest, entry] of this.kept) {
      if (this.keptSize <= this.limit) break;
      this.kept.delete(oldest);
      this.keptSize -= entry.size;
    }
  }

  private forget(userId: string): void {
    const kept = this.kept.get(userId);
    if (!kept) return;
    this.kept.delete(userId);
    this.keptSize -= kept.size;
  }
}
