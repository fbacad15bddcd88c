import { EVENT_SUBJECTS, type Question, type QuestionsAccountData } from '@mcat/contracts';
import { createEventEnvelope, internalRequestHeaders } from '@mcat/service-kit';
import { deliverEvent, TEST_INTERNAL_API_TOKEN } from '@mcat/service-kit/testing';
import { MongoClient, type Db } from 'mongodb';
import { connect, type NatsConnection } from 'nats';
import { logQuestion, newUserId, startHarness, type QuestionsHarness } from './harness';

let h: QuestionsHarness;
let client: MongoClient;
let db: Db;
let nc: NatsConnection;

beforeAll(async () => {
  h = await startHarness();
  client = await MongoClient.connect(h.questionsMongoUrl);
  db = client.db();
  nc = await connect({ servers: h.natsUrl });
}, 60_000);
afterAll(async () => {
  await nc?.close();
  await client?.close();
  await h?.close();
});

const exportOf = (userId: string, headers: Record<string, string>) =>
  fetch(`${h.questionsUrl()}/internal/questions/users/${userId}/export`, { headers });

const userDeleted = (userId: string) => createEventEnvelope(EVENT_SUBJECTS.userDeleted, { userId });

const DUE = '2025-06-01T08:00:00.000Z';

/**
 * A question's review schedule as the reviews module stores it (written here, by collection name,
 * so this file does not depend on when that module creates one).
 */
const schedule = (userId: string, question: Question) => ({
  userId,
  questionId: question._id,
  testId: typeof question.test === 'string' ? question.test : question.test._id,
  due: new Date(DUE),
  stability: 2.5,
  difficulty: 5,
  reps: 1,
  lapses: 0,
  state: 2,
  lastReview: new Date('2025-05-30T08:00:00.000Z'),
});

/** Gives each question the schedule written here, replacing any the reviews module made. */
async function scheduleAll(userId: string, questions: Question[]): Promise<void> {
  const schedules = db.collection('review_schedules');
  for (const question of questions) {
    await schedules.deleteMany({ questionId: question._id });
    await schedules.insertOne(schedule(userId, question));
  }
}

/** Every document in the questions database that names the user, by collection. */
async function documentsOf(userId: string): Promise<Record<string, number>> {
  const found: Record<string, number> = {};
  for (const { name } of await db.listCollections().toArray()) {
    const count = await db.collection<{ _id: string; userId?: string }>(name).countDocuments({
      $or: [{ userId }, { _id: userId }, { _id: { $regex: `^${userId}:` } }],
    });
    if (count > 0) found[name] = count;
  }
  return found;
}

describe("the questions service's part of the student's data", () => {
  it("exports the user's questions with their review schedules, only with the service credential", async () => {
    const [ada, bob] = [newUserId(), newUserId()];
    const adaTest = await h.newTest(ada, '2025-04-01', 'Ada FL');
    const first = await logQuestion(h, ada, adaTest, 1);
    const second = await logQuestion(h, ada, adaTest, 2);
    await logQuestion(h, bob, await h.newTest(bob, '2025-04-02', 'Bob FL'), 3);
    await scheduleAll(ada, [first]);
    await db.collection('review_schedules').deleteMany({ questionId: second._id });

    const response = await exportOf(ada, internalRequestHeaders(TEST_INTERNAL_API_TOKEN));
    expect(response.status).toBe(200);
    const { questions } = (await response.json()) as QuestionsAccountData;
    expect(questions.map((q) => q._id).sort()).toEqual([first._id, second._id].sort());
    const withSchedule = questions.find((q) => q._id === first._id)!;
    expect(withSchedule).toMatchObject({
      ...first,
      review: {
        nextReviewAt: DUE,
        state: expect.objectContaining({
          stability: 2.5,
          reps: 1,
          state: 2,
          lastReview: '2025-05-30T08:00:00.000Z',
        }),
      },
    });
    expect(withSchedule.review!.state).not.toHaveProperty('userId');
    expect(questions.find((q) => q._id === second._id)!.review).toBeNull();

    const refused = await exportOf(ada, {});
    expect(refused.status).toBe(404);
    expect(await refused.text()).not.toContain(first.wrongAnswerReason);
    const badId = await exportOf('nope', internalRequestHeaders(TEST_INTERNAL_API_TOKEN));
    expect(badId.status).toBe(400);
  });

  it('auth.user.deleted erases questions, schedules and summaries of the user only; a repeat is harmless', async () => {
    const [ada, bob] = [newUserId(), newUserId()];
    const adaTest = await h.newTest(ada, '2025-05-01', 'Ada FL');
    await scheduleAll(ada, [
      await logQuestion(h, ada, adaTest, 1),
      await logQuestion(h, ada, adaTest, 2),
    ]);
    const bobs = await logQuestion(h, bob, await h.newTest(bob, '2025-05-02', 'Bob FL'), 7);
    await scheduleAll(bob, [bobs]);
    // The list is kept (in this process and under a Redis version) before the deletion.
    expect((await h.call<Question[]>(ada, 'GET', '/api/questions')).body).toHaveLength(2);
    expect(Object.keys(await documentsOf(ada))).toEqual(
      expect.arrayContaining(['questions', 'review_schedules', 'test_summaries', 'plan_slots']),
    );

    await deliverEvent(nc, 'questions', userDeleted(ada));

    expect(await documentsOf(ada)).toEqual({});
    expect((await h.call<Question[]>(ada, 'GET', '/api/questions')).body).toEqual([]);
    expect((await h.call<Question[]>(bob, 'GET', '/api/questions')).body).toEqual([bobs]);
    expect(await db.collection('review_schedules').countDocuments({ userId: bob })).toBe(1);

    await deliverEvent(nc, 'questions', userDeleted(ada));
    expect(await documentsOf(ada)).toEqual({});
    expect((await h.call<Question[]>(bob, 'GET', '/api/questions')).body).toEqual([bobs]);
  }, 30_000);
});
