import { randomUUID } from 'node:crypto';
import { Logger } from '@nestjs/common';
import type Redis from 'ioredis';

/** How long a user's version lives in Redis without a change (a lost version only costs a rebuild). */
const VERSION_TTL_S = 24 * 60 * 60;

interface Kept<T> {
  version: string;
  value: T;
  builtAt: number;
}

export interface PerUserCacheOptions {
  /** The Redis key prefix, `<name>:version:<userId>`, and the logger's name. */
  name: string;
  /** How many users' values this process keeps (the least recently read go first). */
  maxUsers: number;
  /**
   * How long a value is served at most, however current its version: the bound on a change whose
   * new version never reached Redis (a crash between the write and `changed`, Redis away then).
   */
  maxAgeMs: number;
}

/**
 * One small value per user (a student's scored tests, a user's plan), kept in this process and
 * served while the user's version in Redis is the one it was built under. The owner of the data
 * calls `changed` after every write that alters it: a new random version, so a value built from a
 * read before the write is never served again, by this replica or any other. A version lost with
 * Redis is replaced by a new random one, never reset to one an old value was kept under; with Redis
 * away nothing is kept and every call builds. Costs one Redis GET per call once the value is kept.
 */
export class PerUserCache<T> {
  private readonly logger: Logger;
  private readonly kept = new Map<string, Kept<T>>();
  private readonly building = new Map<string, Promise<T>>();

  constructor(
    private readonly redis: Redis,
    private readonly options: PerUserCacheOptions,
  ) {
    this.logger = new Logger(options.name);
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
      pending = build().finally(() => this.building.delete(key));
      this.building.set(key, pending);
      this.keep(userId, { version, value: await pending, builtAt });
    }
    return pending;
  }

  /** Called after a write that changes the user's value (before the write's answer goes out). */
  async changed(userId: string): Promise<void> {
    this.kept.delete(userId);
    try {
      await this.redis.set(this.versionKey(userId), randomUUID(), 'EX', VERSION_TTL_S);
    } catch (error) {
      // The version stays: other replicas may serve the old value until it expires.
      this.logger.warn(`Version of ${userId} not changed: ${(error as Error).message}`);
    }
  }

  private versionKey(userId: string): string {
    return `${this.options.name}:version:${userId}`;
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

  private keep(userId: string, kept: Kept<T>): void {
    this.kept.delete(userId);
    this.kept.set(userId, kept);
    for (const oldest of this.kept.keys()) {
      if (this.kept.size <= this.options.maxUsers) break;
      this.kept.delete(oldest);
    }
  }
}
