/**
 * Issue 18, the student's own data, on the running product: the export assembled from every
 * service (and nothing of another student's), the deletion refused on bad input, and the deletion
 * cascade across tests, questions and billing with the questions service paused (SIGSTOP) during
 * it: the others finish at once, questions catches up once it resumes (its durable consumer kept
 * the event). Then the e-mail registers again and finds nothing of the old account.
 */
import {
  ACCOUNT_DATA_FILE_NAME,
  ACCOUNT_DATA_MESSAGES,
  AUTH_MESSAGES,
  VALIDATION,
  type AccountDataExport,
  type PaymentIntentResult,
  type Question,
  type Test,
  type User,
} from '@mcat/contracts';
import { withDatabase } from '@mcat/test-support/stack';
import { register, type SignedIn } from '@mcat/test-support/system/accounts';
import { GatewayClient } from '@mcat/test-support/system/gateway-client';
import { waitForMail } from '@mcat/test-support/system/mailbox';
import { createTest, questionBody, TEST_SAMPLES } from '@mcat/test-support/system/study-data';
import { systemEnv } from '@mcat/test-support/system/system-env';
import mongoose from 'mongoose';
import { processStatus } from './support/runner';

const gateway = new GatewayClient();
const GOOD_CARD = '4242 4242 4242 4242';
const CASCADE_LIMIT_MS = 15_000;
const PAUSE_MS = 3000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A student with a test, a missed question on it, and premium bought with the dev card. */
async function studentWithData(): Promise<SignedIn & { test: Test; question: Question }> {
  const student = await register(gateway);
  const test = await createTest(gateway, student.token, TEST_SAMPLES[0]!);
  const logged = await gateway.post<Question>(
    '/api/questions',
    questionBody(test._id),
    student.token,
  );
  expect(logged.status).toBe(201);
  // Reviewed once, so the question has a stored schedule (an unreviewed one has none).
  const reviewed = await gateway.post(
    `/api/questions/${logged.body._id}/review`,
    { outcome: 'good' },
    student.token,
  );
  expect(reviewed.status).toBe(200);
  const intent = await gateway.post<PaymentIntentResult>(
    '/api/auth/create-payment-intent',
    {},
    student.token,
  );
  expect(intent.status).toBe(200);
  if (intent.body.free) throw new Error('A paid PaymentIntent was expected');
  const { clientSecret } = intent.body;
  const id = clientSecret.split('_secret_')[0] as string;
  const paid = await gateway.post(
    `/api/billing/dev/payment-intents/${id}/confirm`,
    { clientSecret, cardNumber: GOOD_CARD },
    student.token,
  );
  expect(paid.status).toBe(200);
  const premium = await gateway.post<User>(
    '/api/auth/confirm-premium',
    { paymentIntentId: id },
    student.token,
  );
  expect(premium.status).toBe(200);
  return { ...student, test, question: logged.body };
}

/** How many documents of the user each service's database holds, and billing's kept e-mails. */
async function storedOf(userId: string) {
  const open = (name: string) =>
    mongoose.createConnection(withDatabase(systemEnv.mongoUrl, name)).asPromise();
  const [tests, questions, billing] = await Promise.all([
    open('mcat_tests'),
    open('mcat_questions'),
    open('mcat_billing'),
  ]);
  try {
    const count = (db: mongoose.Connection, collection: string) =>
      db.collection(collection).countDocuments({ userId });
    return {
      tests: await count(tests, 'tests'),
      questions: await count(questions, 'questions'),
      summaries: await count(questions, 'test_summaries'),
      schedules: await count(questions, 'review_schedules'),
      payments: await count(billing, 'payments'),
      paymentEmails: await billing
        .collection('payments')
        .countDocuments({ userId, email: { $ne: null } }),
      purchases: await count(billing, 'purchases'),
    };
  } finally {
    await Promise.all([tests.close(), questions.close(), billing.close()]);
  }
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + CASCADE_LIMIT_MS;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`Not reached in time: ${JSON.stringify(value)}`);
    await sleep(200);
  }
}

describe("the student's own data", () => {
  let ada: Awaited<ReturnType<typeof studentWithData>>;
  let bob: Awaited<ReturnType<typeof studentWithData>>;

  beforeAll(async () => {
    [ada, bob] = await Promise.all([studentWithData(), studentWithData()]);
  }, 60_000);

  it('exports every service’s part as one attachment, and nothing of another student', async () => {
    const answer = await gateway.get<AccountDataExport>('/api/auth/me/export', ada.token);
    expect(answer.status).toBe(200);
    expect(answer.headers['content-disposition']).toBe(
      `attachment; filename="${ACCOUNT_DATA_FILE_NAME}"`,
    );
    const data = answer.body;
    expect(data.profile).toMatchObject({ _id: ada.user._id, email: ada.email, isPremium: true });
    expect(data.tests.map((t) => t._id)).toEqual([ada.test._id]);
    expect(data.questions.map((q) => q._id)).toEqual([ada.question._id]);
    expect(data.questions[0]?.review).toMatchObject({ nextReviewAt: expect.any(String) });
    expect(data.payments).toHaveLength(1);
    expect(data.purchases).toHaveLength(1);
    const raw = answer.raw.toString();
    for (const foreign of [bob.user._id, bob.email, bob.test._id, bob.question._id]) {
      expect(raw).not.toContain(foreign);
    }
    expect(raw).not.toMatch(/passwordHash|sessionVersion|client_secret|4242/);
  });

  it('answers 401 without a token', async () => {
    expect((await gateway.get('/api/auth/me/export')).status).toBe(401);
    const anonymous = await gateway.request('DELETE', '/api/auth/me', { json: { password: 'x' } });
    expect(anonymous.status).toBe(401);
  });

  it.each([
    ['a wrong password', { password: 'not-the-password-1' }],
    ['no password', {}],
    ['a password of the wrong type', { password: ['first-password-1'] }],
    ['a huge password', { password: 'p'.repeat(100_000) }],
    ['an unknown field', { password: 'first-password-1', cascade: false }],
  ])('deletion with %s answers 400 with a code and deletes nothing', async (_case, json) => {
    const answer = await gateway.request('DELETE', '/api/auth/me', { json, token: ada.token });
    expect([400, 413]).toContain(answer.status);
    expect(answer.body).toMatchObject({
      code: expect.stringMatching(/^(VALIDATION|PAYLOAD_TOO_LARGE)$/),
    });
    expect((await gateway.get('/api/auth/me', ada.token)).status).toBe(200);
    expect((await gateway.get<Test[]>('/api/tests', ada.token)).body).toHaveLength(1);
  });

  it('names the wrong password, and the empty one, in the message', async () => {
    const wrong = await gateway.request('DELETE', '/api/auth/me', {
      json: { password: 'not-the-password-1' },
      token: ada.token,
    });
    expect(wrong.body).toEqual({
      statusCode: 400,
      code: 'VALIDATION',
      message: ACCOUNT_DATA_MESSAGES.deletePasswordIncorrect,
    });
    const empty = await gateway.request('DELETE', '/api/auth/me', {
      json: { password: '' },
      token: ada.token,
    });
    expect(empty.body).toMatchObject({ code: 'VALIDATION', message: VALIDATION.passwordRequired });
  });

  it('deletes across every service with questions paused, which catches up once it resumes', async () => {
    const before = await storedOf(ada.user._id);
    expect(before).toMatchObject({
      tests: 1,
      questions: 1,
      summaries: 1,
      schedules: 1,
      payments: 1,
      purchases: 1,
    });

    const questionsPid = processStatus('questions').pid as number;
    process.kill(questionsPid, 'SIGSTOP');
    try {
      const deleted = await gateway.request('DELETE', '/api/auth/me', {
        json: { password: ada.password },
        token: ada.token,
      });
      expect(deleted.status).toBe(200);
      expect(deleted.body).toEqual({ message: ACCOUNT_DATA_MESSAGES.deleted });

      // Sessions end at once, whichever service is asked.
      const me = await gateway.get('/api/auth/me', ada.token);
      expect(me.body).toMatchObject({
        code: 'UNAUTHENTICATED',
        message: AUTH_MESSAGES.signInAgain,
      });
      expect((await gateway.get('/api/tests', ada.token)).status).toBe(401);

      // Tests and billing do their part while questions is paused; questions keeps its data.
      const during = await until(
        () => storedOf(ada.user._id),
        (s) => s.tests === 0 && s.paymentEmails === 0,
      );
      expect(during).toMatchObject({ payments: 1, purchases: 1, questions: 1 });
      await sleep(PAUSE_MS);
    } finally {
      process.kill(questionsPid, 'SIGCONT');
    }

    const after = await until(
      () => storedOf(ada.user._id),
      (s) => s.questions === 0 && s.summaries === 0 && s.schedules === 0,
    );
    expect(after).toEqual({
      tests: 0,
      questions: 0,
      summaries: 0,
      schedules: 0,
      payments: 1,
      paymentEmails: 0,
      purchases: 1,
    });
    expect((await gateway.get('/api/questions', ada.token)).status).toBe(401);
    // Bob's data is untouched.
    expect(await storedOf(bob.user._id)).toMatchObject({
      tests: 1,
      questions: 1,
      paymentEmails: 1,
    });

    await waitForMail(ada.email, /account was deleted/);
  }, 90_000);

  it('the e-mail registers again and finds nothing of the old account', async () => {
    const again = await register(gateway, {
      name: ada.name,
      email: ada.email,
      password: 'second-password-2',
    });
    expect(again.user._id).not.toBe(ada.user._id);
    expect(again.user.isPremium).toBe(false);
    expect((await gateway.get<Test[]>('/api/tests', again.token)).body).toEqual([]);
    expect((await gateway.get<Question[]>('/api/questions', again.token)).body).toEqual([]);
    const exported = await gateway.get<AccountDataExport>('/api/auth/me/export', again.token);
    expect(exported.body).toMatchObject({ tests: [], questions: [], payments: [], purchases: [] });
    expect(exported.raw.toString()).not.toContain(ada.user._id);
  });
});
