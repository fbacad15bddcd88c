import { MongoClient, type Collection } from 'mongodb';
import {
  ERRORS,
  REVIEW_MESSAGES,
  type DueCount,
  type DueQuestion,
  type ReviewedQuestion,
  type ReviewOutcome,
} from '@mcat/contracts';
import {
  logQuestion,
  newUserId,
  questionBody,
  startHarness,
  waitFor,
  type QuestionsHarness,
} from './harness';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

describe('spaced re-review', () => {
  let h: QuestionsHarness;
  let client: MongoClient;
  let schedules: Collection;

  beforeAll(async () => {
    h = await startHarness();
    client = await MongoClient.connect(h.questionsMongoUrl);
    schedules = client.db().collection('review_schedules');
  }, 60_000);
  afterAll(async () => {
    await client.close();
    await h.close();
  });

  /** The due list, checked against the dashboard's count of it at every use. */
  const due = async (user: string) => {
    const answer = await h.call<DueQuestion[]>(user, 'GET', '/api/questions/review/due');
    expect(answer.status).toBe(200);
    const count = await h.call<DueCount>(user, 'GET', '/api/questions/review/due/count');
    expect(count).toEqual({ status: 200, body: { due: answer.body.length } });
    return answer.body;
  };
  const review = (user: string, id: string, outcome: ReviewOutcome) =>
    h.call<ReviewedQuestion>(user, 'POST', `/api/questions/${id}/review`, { outcome });

  it('a question is due from the moment it is logged, with its test, oldest first', async () => {
    const user = newUserId();
    const testId = await h.newTest(user, '2025-03-01', 'Blueprint FL 3');
    const first = await logQuestion(h, user, testId, 1);
    const second = await logQuestion(h, user, testId, 2);
    const list = await due(user);
    expect(list.map((q) => q._id)).toEqual([first._id, second._id]);
    expect(list[0]).toMatchObject({
      test: { _id: testId, source: 'Blueprint FL 3' },
      questionNumber: 1,
      wrongAnswerReason: first.wrongAnswerReason,
      nextReviewAt: first.createdAt,
    });
    const byOutcome = list[0]!.nextReviewAtByOutcome;
    const inMs = (iso: string) => Date.parse(iso) - Date.now();
    expect(inMs(byOutcome.again)).toBeLessThan(DAY);
    expect(Date.parse(byOutcome.hard)).toBeGreaterThan(Date.parse(byOutcome.again));
    expect(Date.parse(byOutcome.good)).toBeGreaterThan(Date.parse(byOutcome.hard));
    expect(Date.parse(byOutcome.easy)).toBeGreaterThan(Date.parse(byOutcome.good));
  });

  it('each outcome schedules the next review: again within a day, good and easy after hard', async () => {
    const user = newUserId();
    const testId = await h.newTest(user);
    const outcomes = ['again', 'hard', 'good', 'easy'] as const;
    const questions = [];
    for (const [i] of outcomes.entries()) questions.push(await logQuestion(h, user, testId, i + 1));
    const previews = new Map((await due(user)).map((q) => [q._id, q.nextReviewAtByOutcome]));
    const before = Date.now();
    const next: Record<string, number> = {};
    for (const [i, outcome] of outcomes.entries()) {
      const question = questions[i]!;
      const answer = await review(user, question._id, outcome);
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ _id: question._id, test: { _id: testId } });
      next[outcome] = Date.parse(answer.body.nextReviewAt);
      // What the due list promised for that outcome, give or take the seconds between the calls.
      const promised = Date.parse(previews.get(question._id)![outcome]);
      expect(Math.abs(next[outcome]! - promised)).toBeLessThan(60_000);
    }
    expect(next.again! - before).toBeGreaterThan(0);
    expect(next.again! - before).toBeLessThan(DAY);
    expect(next.good!).toBeGreaterThan(next.hard!);
    expect(next.easy!).toBeGreaterThan(next.good!);
    expect(next.good! - before).toBeGreaterThan(DAY);
    // Reviewed: none is due now, and each schedule is stored under the user.
    expect(await due(user)).toEqual([]);
    const stored = await schedules.find({ userId: user }).toArray();
    expect(stored).toHaveLength(4);
    expect(stored.every((s) => s.testId === testId && s.reps === 1)).toBe(true);
  });

  it('a question falls due again when its time comes, most overdue first', async () => {
    const user = newUserId();
    const testId = await h.newTest(user);
    const older = await logQuestion(h, user, testId, 1);
    const newer = await logQuestion(h, user, testId, 2);
    expect((await review(user, newer._id, 'good')).status).toBe(200);
    expect((await due(user)).map((q) => q._id)).toEqual([older._id]);
    // Its day comes, long enough ago that it is more overdue than the one never reviewed.
    const overdue = new Date(Date.parse(older.createdAt) - HOUR);
    await schedules.updateOne({ questionId: newer._id }, { $set: { due: overdue } });
    const list = await due(user);
    expect(list.map((q) => q._id)).toEqual([newer._id, older._id]);
    expect(list[0]!.nextReviewAt).toBe(overdue.toISOString());
    // A second review builds on the first: good again goes further out than the first good did.
    const second = await review(user, newer._id, 'good');
    expect(Date.parse(second.body.nextReviewAt) - Date.now()).toBeGreaterThan(2 * DAY);
    expect((await schedules.findOne({ questionId: newer._id }))?.reps).toBe(2);
  });

  it("another user's question is a 404 and never in their due list", async () => {
    const owner = newUserId();
    const other = newUserId();
    const testId = await h.newTest(owner);
    const question = await logQuestion(h, owner, testId, 1);
    const answer = await review(other, question._id, 'good');
    expect(answer).toMatchObject({
      status: 404,
      body: { statusCode: 404, code: 'NOT_FOUND', message: ERRORS.questionNotFound },
    });
    expect(await due(other)).toEqual([]);
    expect(await schedules.countDocuments({ questionId: question._id })).toBe(0);
    const missing = await review(owner, '0123456789abcdef01234567', 'good');
    expect(missing.status).toBe(404);
  });

  it('gives up with 409 when the schedule cannot be written, and records nothing', async () => {
    const user = newUserId();
    const testId = await h.newTest(user);
    const question = await logQuestion(h, user, testId, 1);
    // A schedule under the question's id that is not this user's: every write of theirs misses.
    const stray = {
      questionId: question._id,
      userId: newUserId(),
      testId,
      due: new Date(),
      reps: 0,
    };
    await schedules.insertOne(stray);
    const answer = await review(user, question._id, 'good');
    expect(answer).toMatchObject({
      status: 409,
      body: { statusCode: 409, code: 'CONFLICT', message: REVIEW_MESSAGES.busy },
    });
    expect(await schedules.find({ questionId: question._id }).toArray()).toEqual([
      expect.objectContaining({ userId: stray.userId, reps: 0 }),
    ]);
    await schedules.deleteOne({ questionId: question._id });
  });

  it('answers 400 with a code to a bad body or id, and records nothing', async () => {
    const user = newUserId();
    const testId = await h.newTest(user);
    const question = await logQuestion(h, user, testId, 1);
    const path = `/api/questions/${question._id}/review`;
    const cases: [unknown, string][] = [
      [{}, REVIEW_MESSAGES.outcomeInvalid],
      [{ outcome: 'meh' }, REVIEW_MESSAGES.outcomeInvalid],
      [{ outcome: 3 }, REVIEW_MESSAGES.outcomeInvalid],
      [{ outcome: 'GOOD' }, REVIEW_MESSAGES.outcomeInvalid],
      [{ outcome: 'good', rating: 4 }, REVIEW_MESSAGES.unknownField(['rating'])],
      [['good'], REVIEW_MESSAGES.bodyInvalid],
      ['good', REVIEW_MESSAGES.bodyInvalid],
    ];
    for (const [body, message] of cases) {
      const answer = await h.call(user, 'POST', path, body);
      expect({ body, answer }).toEqual({
        body,
        answer: { status: 400, body: { statusCode: 400, code: 'VALIDATION', message } },
      });
    }
    const badId = await h.call(user, 'POST', '/api/questions/not-an-id/review', {
      outcome: 'good',
    });
    expect(badId).toMatchObject({ status: 400, body: { code: 'VALIDATION' } });
    expect(await schedules.countDocuments({ questionId: question._id })).toBe(0);
    expect((await due(user)).map((q) => q._id)).toEqual([question._id]);
  });

  it("deleting a question deletes its schedule; changing its test moves the schedule's", async () => {
    const user = newUserId();
    const testId = await h.newTest(user);
    const otherTest = await h.newTest(user, '2025-01-20');
    const question = await logQuestion(h, user, testId, 1);
    await review(user, question._id, 'hard');
    const moved = await h.call(user, 'PUT', `/api/questions/${question._id}`, {
      ...questionBody(otherTest),
      questionNumber: 1,
    });
    expect(moved.status).toBe(200);
    expect((await schedules.findOne({ questionId: question._id }))?.testId).toBe(otherTest);
    expect((await h.call(user, 'DELETE', `/api/questions/${question._id}`)).status).toBe(200);
    expect(await schedules.countDocuments({ questionId: question._id })).toBe(0);
    expect((await review(user, question._id, 'good')).status).toBe(404);
  });

  it('a schedule left under the old test by a move that raced its first review follows the question at the next review', async () => {
    const user = newUserId();
    const [oldTest, newTest] = [await h.newTest(user), await h.newTest(user, '2025-01-20')];
    const question = await logQuestion(h, user, newTest, 1);
    // What the race leaves: the review read the question before the move and created the
    // schedule after the move's cascade had found none to move.
    await review(user, question._id, 'hard');
    await schedules.updateOne({ questionId: question._id }, { $set: { testId: oldTest } });
    expect((await review(user, question._id, 'good')).status).toBe(200);
    expect((await schedules.findOne({ questionId: question._id }))?.testId).toBe(newTest);
    expect((await h.callTests(user, 'DELETE', `/api/tests/${newTest}`)).status).toBe(200);
    await waitFor(async () => (await schedules.countDocuments({ questionId: question._id })) === 0);
  });

  it("deleting a test deletes its questions' schedules and keeps the others'", async () => {
    const user = newUserId();
    const doomedTest = await h.newTest(user);
    const keptTest = await h.newTest(user, '2025-01-20');
    const doomed = [
      await logQuestion(h, user, doomedTest, 1),
      await logQuestion(h, user, doomedTest, 2),
    ];
    const kept = await logQuestion(h, user, keptTest, 1);
    for (const q of [...doomed, kept])
      expect((await review(user, q._id, 'again')).status).toBe(200);
    expect(await schedules.countDocuments({ userId: user })).toBe(3);
    expect((await h.callTests(user, 'DELETE', `/api/tests/${doomedTest}`)).status).toBe(200);
    await waitFor(async () => (await schedules.countDocuments({ testId: doomedTest })) === 0);
    expect(
      await schedules
        .find({ userId: user })
        .map((s) => s.questionId)
        .toArray(),
    ).toEqual([kept._id]);
    expect((await review(user, doomed[0]!._id, 'good')).status).toBe(404);
  });

  it.each([false, true])(
    'works the same for a premium user (%s) as for a free one',
    async (isPremium) => {
      const user = newUserId();
      h.auth.setUser(user, { isPremium });
      const testId = await h.newTest(user);
      const question = await logQuestion(h, user, testId, 1);
      expect((await due(user)).map((q) => q._id)).toEqual([question._id]);
      expect((await review(user, question._id, 'easy')).status).toBe(200);
      expect(await due(user)).toEqual([]);
    },
  );
});
