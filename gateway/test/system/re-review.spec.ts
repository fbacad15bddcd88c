/**
 * Issue 18, the spaced re-review through the gateway: a logged question is due at once, each
 * outcome schedules it (again within a day, good and easy after hard), another student's questions
 * never appear or answer, bad input is a 400 with a code, no token a 401, and deleting a question
 * or its test takes its schedule with it.
 */
import {
  REVIEW_MESSAGES,
  type DueCount,
  type DueQuestion,
  type Question,
  type ReviewedQuestion,
} from '@mcat/contracts';
import { register } from '@mcat/test-support/system/accounts';
import { GatewayClient } from '@mcat/test-support/system/gateway-client';
import { createTest, questionBody, TEST_SAMPLES } from '@mcat/test-support/system/study-data';

const gateway = new GatewayClient();
const DAY = 24 * 60 * 60 * 1000;
const CASCADE_LIMIT_MS = 5000;
const DUE = '/api/questions/review/due';

const reviewPath = (id: string) => `/api/questions/${id}/review`;

async function logQuestions(token: string, testId: string, count: number): Promise<Question[]> {
  const created: Question[] = [];
  for (let n = 1; n <= count; n += 1) {
    const answer = await gateway.post<Question>(
      '/api/questions',
      questionBody(testId, { questionNumber: n }),
      token,
    );
    expect(answer.status).toBe(201);
    created.push(answer.body);
  }
  return created;
}

/** The due list's ids, checked against the dashboard's count of it at every use. */
const dueIds = async (token: string): Promise<string[]> => {
  const answer = await gateway.get<DueQuestion[]>(DUE, token);
  expect(answer.status).toBe(200);
  const count = await gateway.get<DueCount>(`${DUE}/count`, token);
  expect({ status: count.status, body: count.body }).toEqual({
    status: 200,
    body: { due: answer.body.length },
  });
  return answer.body.map((q) => q._id);
};

describe('spaced re-review', () => {
  it('lists a logged question as due at once and schedules each outcome', async () => {
    const { token } = await register(gateway);
    const test = await createTest(gateway, token, TEST_SAMPLES[0]);
    const questions = await logQuestions(token, test._id, 4);

    expect((await gateway.get<DueCount>(`${DUE}/count`, token)).body).toEqual({ due: 4 });
    expect((await gateway.get(`${DUE}/count`)).status).toBe(401);
    const due = await gateway.get<DueQuestion[]>(DUE, token);
    expect(due.status).toBe(200);
    // Never reviewed, each is due since it was logged: the first logged is the most overdue.
    expect(due.body.map((q) => q._id)).toEqual(questions.map((q) => q._id));
    expect(due.body[0]).toMatchObject({
      test: { _id: test._id, source: test.source },
      nextReviewAt: questions[0]!.createdAt,
    });

    const before = Date.now();
    const next: Record<string, number> = {};
    for (const [i, outcome] of (['again', 'hard', 'good', 'easy'] as const).entries()) {
      const answer = await gateway.post<ReviewedQuestion>(
        reviewPath(questions[i]!._id),
        { outcome },
        token,
      );
      expect(answer.status).toBe(200);
      expect(answer.body._id).toBe(questions[i]!._id);
      next[outcome] = Date.parse(answer.body.nextReviewAt);
    }
    expect(next.again! - before).toBeLessThan(DAY);
    expect(next.good!).toBeGreaterThan(next.hard!);
    expect(next.easy!).toBeGreaterThan(next.good!);
    expect(await dueIds(token)).toEqual([]);
  });

  it("never shows or reviews another student's question", async () => {
    const owner = await register(gateway);
    const other = await register(gateway);
    const test = await createTest(gateway, owner.token, TEST_SAMPLES[0]);
    const [question] = await logQuestions(owner.token, test._id, 1);

    expect(await dueIds(other.token)).toEqual([]);
    const answer = await gateway.post(reviewPath(question!._id), { outcome: 'good' }, other.token);
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({ code: 'NOT_FOUND' });
    // The refused review changed nothing: still due for its owner.
    expect(await dueIds(owner.token)).toEqual([question!._id]);
  });

  it('answers bad input with 400 and a code, and no token with 401', async () => {
    const { token } = await register(gateway);
    const test = await createTest(gateway, token, TEST_SAMPLES[0]);
    const [question] = await logQuestions(token, test._id, 1);
    const path = reviewPath(question!._id);

    const bodies: [unknown, string][] = [
      [{}, REVIEW_MESSAGES.outcomeInvalid],
      [{ outcome: 'perfect' }, REVIEW_MESSAGES.outcomeInvalid],
      [{ outcome: 4 }, REVIEW_MESSAGES.outcomeInvalid],
      [{ outcome: null }, REVIEW_MESSAGES.outcomeInvalid],
      [{ outcome: 'x'.repeat(10_000) }, REVIEW_MESSAGES.outcomeInvalid],
      [{ outcome: 'good', due: '2099-01-01' }, REVIEW_MESSAGES.unknownField(['due'])],
      [['good'], REVIEW_MESSAGES.bodyInvalid],
    ];
    for (const [body, message] of bodies) {
      const answer = await gateway.post(path, body, token);
      expect({ body, status: answer.status, answer: answer.body }).toEqual({
        body,
        status: 400,
        answer: { statusCode: 400, code: 'VALIDATION', message },
      });
    }
    const notJson = await gateway.request('POST', path, {
      token,
      payload: Buffer.from('{"outcome":'),
      headers: { 'content-type': 'application/json' },
    });
    expect(notJson.status).toBe(400);
    expect(notJson.body).toMatchObject({ code: expect.any(String) });

    for (const badId of ['not-an-id', '123', `${question!._id}0`, '%24where']) {
      const answer = await gateway.post(reviewPath(badId), { outcome: 'good' }, token);
      expect({ badId, status: answer.status }).toEqual({ badId, status: 400 });
      expect(answer.body).toMatchObject({ code: 'VALIDATION' });
    }
    expect(await dueIds(token)).toEqual([question!._id]);

    expect((await gateway.get(DUE)).status).toBe(401);
    const anonymous = await gateway.post(path, { outcome: 'good' });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  it('deleting a question, or its test, takes its schedule with it', async () => {
    const { token } = await register(gateway);
    const doomedTest = await createTest(gateway, token, TEST_SAMPLES[0]);
    const keptTest = await createTest(gateway, token, TEST_SAMPLES[1]);
    const [deletedQuestion, doomedQuestion] = await logQuestions(token, doomedTest._id, 2);
    const [keptQuestion] = await logQuestions(token, keptTest._id, 1);
    for (const q of [deletedQuestion!, doomedQuestion!, keptQuestion!]) {
      expect((await gateway.post(reviewPath(q._id), { outcome: 'again' }, token)).status).toBe(200);
    }

    expect((await gateway.delete(`/api/questions/${deletedQuestion!._id}`, token)).status).toBe(
      200,
    );
    const afterDelete = await gateway.post(
      reviewPath(deletedQuestion!._id),
      { outcome: 'good' },
      token,
    );
    expect(afterDelete.status).toBe(404);

    expect((await gateway.delete(`/api/tests/${doomedTest._id}`, token)).status).toBeLessThan(300);
    const deletedAt = Date.now();
    for (;;) {
      const answer = await gateway.post(
        reviewPath(doomedQuestion!._id),
        { outcome: 'good' },
        token,
      );
      if (answer.status === 404) break;
      expect(Date.now() - deletedAt).toBeLessThan(CASCADE_LIMIT_MS);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    // The kept test's question is untouched by the cascade.
    const kept = await gateway.post<ReviewedQuestion>(
      reviewPath(keptQuestion!._id),
      { outcome: 'good' },
      token,
    );
    expect(kept.status).toBe(200);
  });
});
