/**
 * The growth bench's data set, written straight into the services' databases (the driver's
 * insertMany in batches, no API, no events) and removed again at the end, so that the benches run
 * after it find the databases as it found them. Students are added whole (documents.ts): a data
 * set of n questions is n / 1,000 seeded students.
 */
import { MongoClient, ObjectId } from 'mongodb';
import {
  PREMIUM_COUPON,
  QUESTIONS_PER_STUDENT,
  seededStudent,
  type SeededDatabase,
  type StoredDocument,
} from './documents';

/**
 * Students whose documents are made and inserted, and later deleted, together. FerretDB deletes
 * the documents a filter found by one list of their `_id`s, and SQLite takes at most 32,766
 * values in a statement: 10 students' questions are 10,000.
 */
const STUDENTS_PER_ROUND = 10;
const INSERT_BATCH = 1000;
const HOUR_MS = 60 * 60 * 1000;
const YEAR_MS = 365 * 24 * HOUR_MS;

/** Which field names the student in each seeded collection. */
export const OWNER_FIELDS: Record<SeededDatabase, Record<string, '_id' | 'userId'>> = {
  mcat_auth: { users: '_id' },
  mcat_tests: { tests: 'userId', plan_slots: 'userId', user_plans: '_id', planned_dates: '_id' },
  mcat_questions: {
    questions: 'userId',
    plan_slots: 'userId',
    user_plans: '_id',
    test_summaries: 'userId',
    review_schedules: 'userId',
  },
  mcat_billing: { purchases: 'userId', payments: 'userId' },
};

/**
 * The documents of these students in a collection whose `field` names them: by `_id`, auth keys
 * users by ObjectId and the projections by its hex text, so both are asked for.
 */
export const ownedBy = (field: '_id' | 'userId', userIds: readonly string[]) => ({
  [field]: {
    $in: field === '_id' ? [...userIds, ...userIds.map((id) => new ObjectId(id))] : [...userIds],
  },
});

export interface Seeding {
  /** Questions in the data set afterwards. */
  questions: number;
  /** Documents written by this step, in every database. */
  documents: number;
  seconds: number;
}

export class GrowthSeed {
  private readonly userIds: string[] = [];
  private readonly epoch = Date.now() - YEAR_MS;

  private constructor(private readonly mongo: MongoClient) {}

  static async connect(mongoUrl: string): Promise<GrowthSeed> {
    const mongo = new MongoClient(mongoUrl);
    await mongo.connect();
    return new GrowthSeed(mongo);
  }

  get questions(): number {
    return this.userIds.length * QUESTIONS_PER_STUDENT;
  }

  /** Adds whole students until the data set holds about `questions` questions. */
  async growTo(questions: number): Promise<Seeding> {
    const target = Math.round(questions / QUESTIONS_PER_STUDENT);
    const started = performance.now();
    let documents = 0;
    while (this.userIds.length < target) {
      documents += await this.addStudents(
        Math.min(STUDENTS_PER_ROUND, target - this.userIds.length),
      );
    }
    return { questions: this.questions, documents, seconds: (performance.now() - started) / 1000 };
  }

  /** Deletes every seeded document and gives back the coupon's redemptions; answers the seconds. */
  async remove(): Promise<number> {
    const started = performance.now();
    while (this.userIds.length > 0) {
      const round = this.userIds.slice(-STUDENTS_PER_ROUND);
      await Promise.all(
        Object.entries(OWNER_FIELDS).map(async ([database, collections]) => {
          for (const [collection, field] of Object.entries(collections)) {
            await this.mongo.db(database).collection(collection).deleteMany(ownedBy(field, round));
          }
        }),
      );
      await this.countRedemptions(-round.length);
      this.userIds.length -= round.length;
    }
    return (performance.now() - started) / 1000;
  }

  close(): Promise<void> {
    return this.mongo.close();
  }

  /** Makes and inserts `count` students, each database's collections one after another. */
  private async addStudents(count: number): Promise<number> {
    const batches = new Map<string, Map<string, StoredDocument[]>>();
    let documents = 0;
    for (let i = 0; i < count; i += 1) {
      const student = seededStudent(new Date(this.epoch + this.userIds.length * HOUR_MS));
      this.userIds.push(student.userId);
      for (const [database, collections] of Object.entries(student.documents)) {
        const batch = batches.get(database) ?? new Map<string, StoredDocument[]>();
        batches.set(database, batch);
        for (const [collection, written] of Object.entries(collections)) {
          batch.set(collection, [...(batch.get(collection) ?? []), ...written]);
          documents += written.length;
        }
      }
    }
    await Promise.all(
      [...batches].map(async ([database, collections]) => {
        for (const [name, written] of collections) {
          const collection = this.mongo.db(database).collection(name);
          for (let start = 0; start < written.length; start += INSERT_BATCH) {
            await collection.insertMany(written.slice(start, start + INSERT_BATCH));
          }
        }
      }),
    );
    await this.countRedemptions(count);
    return documents;
  }

  /**
   * Counts the seeded students' coupon claims in billing's redemption counter, as a claim does;
   * a counter not made yet is made by billing from the purchases when first used.
   */
  private async countRedemptions(claims: number): Promise<void> {
    await this.mongo
      .db('mcat_billing')
      .collection<{ _id: string; count: number }>('coupon_redemptions')
      .updateOne({ _id: PREMIUM_COUPON }, { $inc: { count: claims } });
  }
}
