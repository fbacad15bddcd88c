import { ObjectId } from 'mongodb';
import { QUESTIONS_PER_STUDENT, seededStudent, TESTS_PER_STUDENT } from './documents';

const registeredAt = new Date('2026-01-05T10:00:00Z');
const { userId, documents } = seededStudent(registeredAt);
const { mcat_auth: auth, mcat_tests: tests, mcat_questions: questions } = documents;

const hex = (id: unknown) => (id as ObjectId).toHexString();
const ids = (list: readonly Record<string, unknown>[] | undefined) =>
  (list ?? []).map((d) => hex(d._id));

describe('a seeded student', () => {
  it('is one premium user, known as premium to the tests and questions services', () => {
    expect(auth.users).toHaveLength(1);
    expect(hex(auth.users?.[0]?._id)).toBe(userId);
    expect(auth.users?.[0]).toMatchObject({ isPremium: true, roles: ['student'] });
    for (const plans of [tests.user_plans, questions.user_plans]) {
      expect(plans).toEqual([expect.objectContaining({ _id: userId, isPremium: true })]);
    }
    expect(tests.planned_dates).toEqual([
      expect.objectContaining({
        _id: userId,
        plannedTestingDate: auth.users?.[0]?.plannedTestingDate,
      }),
    ]);
  });

  it('holds its tests and questions with a plan place each, numbered from 0', () => {
    expect(tests.tests).toHaveLength(TESTS_PER_STUDENT);
    expect(questions.questions).toHaveLength(QUESTIONS_PER_STUDENT);
    for (const [records, slots] of [
      [tests.tests, tests.plan_slots],
      [questions.questions, questions.plan_slots],
    ] as const) {
      expect(slots).toEqual(
        ids(records).map((holder, n) => ({ _id: `${userId}:${n}`, userId, n, holder })),
      );
    }
  });

  it('has a test summary for each test, and every question belongs to one of them', () => {
    const testIds = ids(tests.tests);
    expect(questions.test_summaries?.map((summary) => summary._id)).toEqual(testIds);
    expect(questions.test_summaries).toEqual(
      (tests.tests ?? []).map((test) =>
        expect.objectContaining({
          userId,
          source: test.source,
          dateTaken: test.dateTaken,
          deletedAt: null,
        }),
      ),
    );
    expect(new Set(questions.questions?.map((question) => question.testId))).toEqual(
      new Set(testIds),
    );
  });

  it("has review schedules of its own questions only, on each question's test", () => {
    const byId = new Map((questions.questions ?? []).map((q) => [hex(q._id), q]));
    expect(questions.review_schedules?.length).toBeGreaterThan(0);
    for (const schedule of questions.review_schedules ?? []) {
      expect(byId.get(schedule.questionId as string)?.testId).toBe(schedule.testId);
      expect(schedule.userId).toBe(userId);
    }
  });

  it('gives every document an id made when it was created, as the services do', () => {
    for (const document of [...(tests.tests ?? []), ...(questions.questions ?? [])]) {
      const created = (document.createdAt as Date).getTime();
      expect((document._id as ObjectId).getTimestamp().getTime()).toBe(
        Math.floor(created / 1000) * 1000,
      );
      expect(created).toBeLessThan(Date.now());
    }
  });

  it('owns a claimed purchase and its ledger entry in billing', () => {
    expect(documents.mcat_billing.purchases).toEqual([
      expect.objectContaining({ userId, amount: 0 }),
    ]);
    expect(documents.mcat_billing.payments).toEqual([
      expect.objectContaining({ _id: `free_${userId}`, userId, status: 'succeeded' }),
    ]);
  });

  it('shares no id with another seeded student', () => {
    const other = seededStudent(registeredAt);
    expect(other.userId).not.toBe(userId);
    const mine = new Set(ids(questions.questions));
    expect(ids(other.documents.mcat_questions.questions).some((id) => mine.has(id))).toBe(false);
  });
});
