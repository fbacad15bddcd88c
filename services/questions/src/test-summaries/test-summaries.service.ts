import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { ERRORS, type TestSnapshot, type TestSummary } from '@mcat/contracts';
import { TestSummaryRecord } from './test-summary.schema';
import { TestsClient } from './tests.client';
import { isDuplicateKeyError } from '@mcat/service-kit';

/** What is known of some tests: their summaries, live or not, and which of them are deleted. */
export interface KnownTests {
  summaries: Map<string, TestSummary>;
  /** Their questions are on their way out: nobody sees them any more, even before they go. */
  deleted: Set<string>;
}

/** What questions know of tests: owner, source and date, kept from events and read-throughs. */
@Injectable()
export class TestSummariesService {
  constructor(
    @InjectModel(TestSummaryRecord.name) private readonly summaries: Model<TestSummaryRecord>,
    private readonly tests: TestsClient,
  ) {}

  /**
   * The caller's live test, or 404 (also for another user's test). A test the projection has not
   * heard of yet (created a moment ago) is looked up at the tests service.
   */
  async ownedTest(userId: string, testId: string): Promise<TestSummary> {
    const known = await this.summaries.findById(testId).lean();
    if (known) {
      if (known.deletedAt || known.userId !== userId)
        throw new NotFoundException(ERRORS.testNotFound);
      return toSummary(known);
    }
    const snapshot = await this.tests.snapshot(testId);
    if (!snapshot || snapshot.userId !== userId) throw new NotFoundException(ERRORS.testNotFound);
    await this.record(snapshot, new Date());
    return { _id: snapshot.testId, source: snapshot.source, dateTaken: snapshot.dateTaken };
  }

  /** Whether the test is known to be deleted (a question written meanwhile must go too). */
  async isDeleted(testId: string): Promise<boolean> {
    const known = await this.summaries.findById(testId, { deletedAt: 1 }).lean();
    return Boolean(known?.deletedAt);
  }

  /** One test's summary, live or not (a lookup by `_id`, the one filter FerretDB does not scan for). */
  async byId(testId: string): Promise<TestSummary | undefined> {
    const found = await this.summaries.findById(testId).lean();
    return found ? toSummary(found) : undefined;
  }

  /** These tests' summaries by id, and which of them are deleted. */
  async byIds(testIds: string[]): Promise<KnownTests> {
    const found = await this.summaries.find({ _id: { $in: [...new Set(testIds)] } }).lean();
    return {
      summaries: new Map(found.map((s) => [s._id, toSummary(s)])),
      deleted: new Set(found.filter((s) => s.deletedAt).map((s) => s._id)),
    };
  }

  /** A test created or changed; ignored when newer facts or its deletion are known. */
  async record(snapshot: TestSnapshot, asOf: Date): Promise<void> {
    try {
      await this.summaries.updateOne(
        { _id: snapshot.testId, asOf: { $lte: asOf }, deletedAt: null },
        {
          $set: {
            userId: snapshot.userId,
            source: snapshot.source,
            dateTaken: new Date(snapshot.dateTaken),
            asOf,
          },
        },
        { upsert: true },
      );
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error;
    }
  }

  /** A tombstone: the test is gone for good. */
  async markDeleted(testId: string, userId: string, at: Date): Promise<void> {
    await this.summaries.updateOne(
      { _id: testId },
      {
        $set: { deletedAt: at },
        $setOnInsert: { userId, source: '', dateTaken: at, asOf: at },
      },
      { upsert: true },
    );
  }
}

const toSummary = (s: TestSummaryRecord): TestSummary => ({
  _id: s._id,
  source: s.source,
  dateTaken: s.dateTaken.toISOString(),
});
