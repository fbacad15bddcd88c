import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Types, type Model } from 'mongoose';
import {
  ERRORS,
  LIMITS,
  SECTION_KEYS,
  type ReviewPatch,
  type Test,
  type TestBody,
  type TestSnapshot,
} from '@mcat/contracts';
import { OutboxRelay, PlanLimitsService, type LimitMessages } from '@mcat/service-kit';
import { utcMidnight } from './calendar';
import { toApiTest, toSnapshot } from './test.mapper';
import { ScoredTestsCache } from './scored-tests.cache';
import { PracticeTest } from './test.schema';
import { testCreated, testDeleted, testSnapshot, testUpdated } from './tests.events';

const LIVE = { deletedAt: null };
const CREATE_LIMITS: LimitMessages = { free: LIMITS.freeTests, premium: LIMITS.premiumTests };
export const IMPORT_LIMITS: LimitMessages = {
  free: LIMITS.freeTestsImport,
  premium: LIMITS.premiumTests,
};

/** The stored fields of a validated test body; the server computes the total. */
export interface TestFields {
  dateTaken: Date;
  source: string;
  subscores: TestBody['subscores'];
  totalScore: number;
}

export function toTestFields(body: TestBody): TestFields {
  return {
    dateTaken: utcMidnight(body.dateTaken),
    source: body.source,
    subscores: body.subscores,
    totalScore: SECTION_KEYS.reduce((sum, key) => sum + body.subscores[key], 0),
  };
}

/**
 * A user's practice tests: every query is scoped by the user id, another's test is a 404. Each
 * write that adds, edits or removes a test tells the ScoredTestsCache before it answers.
 */
@Injectable()
export class TestsService {
  constructor(
    @InjectModel(PracticeTest.name) private readonly tests: Model<PracticeTest>,
    private readonly limits: PlanLimitsService,
    private readonly scoredTests: ScoredTestsCache,
    relay: OutboxRelay,
  ) {
    relay.register(tests);
  }

  async list(userId: string): Promise<Test[]> {
    const tests = await this.tests
      .find({ userId, ...LIVE })
      .sort({ dateTaken: -1, _id: -1 })
      .lean<(PracticeTest & { _id: Types.ObjectId })[]>();
    return tests.map(toApiTest);
  }

  async get(userId: string, id: string): Promise<Test> {
    const test = await this.tests
      .findOne({ _id: id, userId, ...LIVE })
      .lean<PracticeTest & { _id: Types.ObjectId }>();
    if (!test) throw new NotFoundException(ERRORS.testNotFound);
    return toApiTest(test);
  }

  async create(userId: string, body: TestBody): Promise<Test> {
    const [created] = await this.createMany(userId, [toTestFields(body)], CREATE_LIMITS);
    return created as Test;
  }

  /** Creates all or none: the plan limit is checked once for the whole batch. */
  async createMany(userId: string, items: TestFields[], messages: LimitMessages): Promise<Test[]> {
    const ids = items.map(() => new Types.ObjectId());
    const idTexts = ids.map(String);
    await this.limits.reserve(userId, idTexts, messages, (slotIds) =>
      this.liveIds(userId, slotIds),
    );
    try {
      const docs = items.map((fields, i) => {
        const _id = ids[i] as Types.ObjectId;
        return {
          _id,
          userId,
          ...fields,
          outbox: [testCreated(testSnapshot(String(_id), { userId, ...fields }))],
        };
      });
      const created = await this.tests.insertMany(docs);
      return created.map((doc) => toApiTest(doc.toObject()));
    } catch (error) {
      await this.tests.deleteMany({ _id: { $in: ids }, userId });
      await this.limits.release(userId, idTexts);
      throw error;
    } finally {
      await this.scoredTests.changed(userId);
    }
  }

  async update(userId: string, id: string, body: TestBody): Promise<Test> {
    const fields = toTestFields(body);
    try {
      return await this.change(userId, id, {
        $set: fields,
        $push: { outbox: testUpdated(testSnapshot(id, { userId, ...fields })) },
      });
    } finally {
      await this.scoredTests.changed(userId);
    }
  }

  async remove(userId: string, id: string): Promise<void> {
    const result = await this.tests.updateOne(
      { _id: id, userId, ...LIVE },
      { $set: { deletedAt: new Date() }, $push: { outbox: testDeleted(id, userId) } },
    );
    if (result.matchedCount === 0) throw new NotFoundException(ERRORS.testNotFound);
    await this.scoredTests.changed(userId);
    await this.limits.release(userId, [id]);
  }

  /** One section flag, or the reset (isComplete false and every flag false). */
  async review(userId: string, id: string, patch: ReviewPatch): Promise<Test> {
    if ('isComplete' in patch) {
      return this.change(userId, id, {
        $set: {
          'review.isComplete': false,
          ...Object.fromEntries(SECTION_KEYS.map((k) => [`review.sectionsReviewed.${k}`, false])),
        },
      });
    }
    const flags = Object.entries(patch.sectionsReviewed).map(([key, value]) => [
      `review.sectionsReviewed.${key}`,
      value,
    ]);
    return this.change(userId, id, { $set: Object.fromEntries(flags) });
  }

  async completeReview(userId: string, id: string): Promise<Test> {
    return this.change(userId, id, { $set: { 'review.isComplete': true } });
  }

  /** The caller's tests that already hold these exact values (for the import's duplicate check). */
  async existingFields(userId: string): Promise<TestFields[]> {
    return this.tests
      .find({ userId, ...LIVE }, { dateTaken: 1, source: 1, subscores: 1, totalScore: 1 })
      .lean<TestFields[]>();
  }

  /** For the questions service's read-through: any user's live test, or null. */
  async snapshot(id: string): Promise<TestSnapshot | null> {
    const test = await this.tests
      .findOne({ _id: id, ...LIVE }, { userId: 1, source: 1, dateTaken: 1 })
      .lean<PracticeTest & { _id: Types.ObjectId }>();
    return test ? toSnapshot(test) : null;
  }

  /** FerretDB has no findAndModify with a projection, so: update, then read back. */
  private async change(userId: string, id: string, update: object): Promise<Test> {
    const result = await this.tests.updateOne({ _id: id, userId, ...LIVE }, update, {
      runValidators: true,
    });
    if (result.matchedCount === 0) throw new NotFoundException(ERRORS.testNotFound);
    return this.get(userId, id);
  }

  private async liveIds(userId: string, ids: string[]): Promise<string[]> {
    const live = await this.tests.find({ _id: { $in: ids }, userId, ...LIVE }, { _id: 1 }).lean();
    return live.map((t) => String(t._id));
  }
}
