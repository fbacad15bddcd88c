import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type Redis from 'ioredis';
import type { Question } from '@mcat/contracts';
import { REDIS } from '@mcat/service-kit';
import { newestFirst } from './question-order';

/** How long a user's list version lives in Redis without a change (a lost version only costs a rebuild). */
const VERSION_TTL_S = 24 * 60 * 60;
/** Roughly the bytes of lists this process keeps (the least recently read users go first). */
const MAX_CACHED_SIZE = 128 * 1024 * 1024;

/** Tries of an in-place edit, each against the list of the version then current, before a rebuild. */
const EDIT_ATTEMPTS = 10;

const versionKey = (userId: string) => `questions:list-version:${userId}`;

/** Sets a new version only if the key still holds the one given (KEYS[1], ARGV: old, new, ttl). */
const REPLACE_VERSION = `if redis.call('GET', KEYS[1]) == ARGV[1] then
  redis.call('SET', KEYS[1], ARGV[2], 'EX', ARGV[3])
  return 1
end
return 0`;

/**
 * A user's questions, newest first (`newestFirst`; pages are cut in this order), and the same as
 * the JSON body `GET /api/questions` sends, encoded once: a socket writes a Buffer as it is, where
 * a string of half a megabyte was encoded again on every answer (most of the service's CPU per
 * list request, docs/benchmarks-log.md).
 */
export interface QuestionList {
  questions: readonly Question[];
  body: Buffer;
}

interface CachedList extends QuestionList {
  version: string;
}

const jsonBody = (questions: readonly Question[]): Buffer =>
  Buffer.from(JSON.stringify(questions), 'utf8');

/** What a kept list costs, roughly: its JSON body and the objects it was made from. */
const sizeOf = (list: CachedList): number => list.body.length * 3;

/**
 * A user's questions (for the list, the search and a test's questions), kept per user in this
 * process, changed in place after a create or a cascade and rebuilt only after other changes. Reading them from FerretDB is a scan of the collection,
 * too slow to repeat on every page view (docs/benchmarks-log.md). Which build is current is a version in Redis, shared by every replica: each change
 * of a user's questions (or of the tests they show) sets a new random version after the write, so
 * a list built before the write is never served again, and a version lost with Redis is replaced
 * by a new random one rather than reset to a value an old list was kept under.
 */
@Injectable()
export class QuestionListCache {
  private readonly logger = new Logger(QuestionListCache.name);
  private readonly lists = new Map<string, CachedList>();
  private readonly building = new Map<string, Promise<CachedList>>();
  private cachedSize = 0;

  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  async list(userId: string, build: () => Promise<Question[]>): Promise<QuestionList> {
    const version = await this.version(userId);
    if (version === null) return this.build('', build);
    const cached = this.lists.get(userId);
    if (cached?.version === version) {
      this.lists.delete(userId);
      this.lists.set(userId, cached);
      return cached;
    }
    // Requests that miss together share one build (a page opened by many tabs, a load test).
    const key = `${userId}:${version}`;
    let pending = this.building.get(key);
    if (!pending) {
      pending = this.build(version, build).finally(() => this.building.delete(key));
      this.building.set(key, pending);
      this.keep(userId, await pending);
    }
    return pending;
  }

  private async build(version: string, build: () => Promise<Question[]>): Promise<CachedList> {
    const questions = await build();
    return { version, questions, body: jsonBody(questions) };
  }

  /** Called after a write that changes these users' lists. */
  async changed(userIds: Iterable<string>): Promise<void> {
    for (const userId of new Set(userIds)) {
      this.forget(userId);
      try {
        await this.redis.set(versionKey(userId), randomUUID(), 'EX', VERSION_TTL_S);
      } catch (error) {
        this.logger.warn(`List version not changed: ${(error as Error).message}`);
      }
    }
  }

  /**
   * Called after creating one of the user's questions: the kept list gains it (see `edit`), once
   * (a list whose build read the database after the write already holds it).
   */
  async added(userId: string, question: Question): Promise<void> {
    await this.edit(userId, (questions) =>
      [question, ...questions.filter((q) => q._id !== question._id)].sort(newestFirst),
    );
  }

  /**
   * Called once some of the user's questions are gone for the user (a deleted test's, as soon as the
   * test is marked deleted; rebuilds skip them from then on): the kept list loses them (see `edit`).
   */
  async removed(userId: string, isRemoved: (question: Question) => boolean): Promise<void> {
    await this.edit(userId, (questions) => questions.filter((question) => !isRemoved(question)));
  }

  /**
   * The list this process keeps, or is building, under the current version is changed in place and
   * stays kept under a new version, so the next read needs no rebuild (a scan). The new version
   * replaces the old one only if no other write changed it meanwhile; if one did, the edit is
   * tried again on the list of the version it set (a create running alongside in this process
   * keeps one), and without a current list (a write of another replica) this is `changed`.
   */
  private async edit(
    userId: string,
    change: (questions: readonly Question[]) => Question[],
  ): Promise<void> {
    try {
      const key = versionKey(userId);
      for (let attempt = 0; attempt < EDIT_ATTEMPTS; attempt += 1) {
        const version = await this.redis.get(key);
        const current = version === null ? undefined : await this.current(userId, version);
        if (!current) break;
        const questions = change(current.questions);
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
          this.keep(userId, { version: next, questions, body: jsonBody(questions) });
          return;
        }
      }
    } catch (error) {
      this.logger.warn(`List not updated in place: ${(error as Error).message}`);
    }
    await this.changed([userId]);
  }

  /** The list kept, or being built, under this version. */
  private async current(userId: string, version: string): Promise<CachedList | undefined> {
    const cached = this.lists.get(userId);
    if (cached?.version === version) return cached;
    return this.building.get(`${userId}:${version}`)?.catch(() => undefined);
  }

  /** The user's current version, created if missing; null (no caching) when Redis is away. */
  private async version(userId: string): Promise<string | null> {
    try {
      const key = versionKey(userId);
      const current = await this.redis.get(key);
      if (current !== null) return current;
      await this.redis.set(key, randomUUID(), 'EX', VERSION_TTL_S, 'NX');
      return await this.redis.get(key);
    } catch (error) {
      this.logger.warn(`List version not read: ${(error as Error).message}`);
      return null;
    }
  }

  private keep(userId: string, list: CachedList): void {
    this.forget(userId);
    if (sizeOf(list) > MAX_CACHED_SIZE) return;
    this.lists.set(userId, list);
    this.cachedSize += sizeOf(list);
    for (const [oldest, entry] of this.lists) {
      if (this.cachedSize <= MAX_CACHED_SIZE) break;
      this.lists.delete(oldest);
      this.cachedSize -= sizeOf(entry);
    }
  }

  private forget(userId: string): void {
    const entry = this.lists.get(userId);
    if (!entry) return;
    this.lists.delete(userId);
    this.cachedSize -= sizeOf(entry);
  }
}
