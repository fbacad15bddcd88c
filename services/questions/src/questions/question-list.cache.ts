import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import type { Question } from '@mcat/contracts';
import { PerUserCache, REDIS } from '@mcat/service-kit';
import { newestFirst } from './question-order';

/** Roughly the bytes of lists this process keeps (the least recently read users go first). */
const MAX_CACHED_SIZE = 128 * 1024 * 1024;

/**
 * The Redis key of a user's list version, `questions:list-version:<userId>`: the one this service
 * has always used, so replicas of the releases before and after an upgrade see each other's changes.
 */
const VERSION_PREFIX = 'questions:list-version:';

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

const questionList = (questions: readonly Question[]): QuestionList => ({
  questions,
  body: Buffer.from(JSON.stringify(questions), 'utf8'),
});

/** What a kept list costs, roughly: its JSON body and the objects it was made from. */
const sizeOf = (list: QuestionList): number => list.body.length * 3;

/**
 * A user's questions (for the list, the search and a test's questions), kept per user in this
 * process (`PerUserCache`), changed in place after a create or a cascade (`PerUserCache.edit`) and
 * rebuilt only after other changes. Reading them from FerretDB is a scan of the collection, too
 * slow to repeat on every page view (docs/benchmarks-log.md). Which build is current is a version
 * in Redis, shared by every replica: each change of a user's questions (or of the tests they show)
 * sets a new random version after the write, so a list built before the write is never served
 * again. Limited by size rather than by users (a list is up to megabytes), and served for as long as
 * its version is current: a rebuild is a scan, and every write of the list tells its change.
 */
@Injectable()
export class QuestionListCache {
  private readonly cache: PerUserCache<QuestionList>;

  constructor(@Inject(REDIS) redis: Redis) {
    this.cache = new PerUserCache(redis, {
      name: 'questions:list',
      versionPrefix: VERSION_PREFIX,
      maxSize: MAX_CACHED_SIZE,
      sizeOf,
      maxAgeMs: Number.POSITIVE_INFINITY,
    });
  }

  /** The user's list; requests that miss together share one build (a page opened by many tabs). */
  list(userId: string, build: () => Promise<Question[]>): Promise<QuestionList> {
    return this.cache.get(userId, async () => questionList(await build()));
  }

  /** Called after a write that changes these users' lists. */
  async changed(userIds: Iterable<string>): Promise<void> {
    for (const userId of new Set(userIds)) await this.cache.changed(userId);
  }

  /**
   * Called after creating one of the user's questions: the kept list gains it, once (a list whose
   * build read the database after the write already holds it).
   */
  async added(userId: string, question: Question): Promise<void> {
    await this.cache.edit(userId, (list) =>
      questionList(
        [question, ...list.questions.filter((q) => q._id !== question._id)].sort(newestFirst),
      ),
    );
  }

  /**
   * Called once some of the user's questions are gone for the user (a deleted test's, as soon as the
   * test is marked deleted; rebuilds skip them from then on): the kept list loses them.
   */
  async removed(userId: string, isRemoved: (question: Question) => boolean): Promise<void> {
    await this.cache.edit(userId, (list) =>
      questionList(list.questions.filter((question) => !isRemoved(question))),
    );
  }
}
