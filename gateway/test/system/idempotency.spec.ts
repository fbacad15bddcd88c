/**
 * Issue 16, through the real gateway: creates and payment calls sent with an Idempotency-Key are
 * stored once however often they are retried, including a retry after the first attempt's answer
 * was lost to a time-out on a paused database, and 50 identical requests at once. Hostile keys
 * answer 400 and store nothing.
 */
import { randomUUID } from 'node:crypto';
import {
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_MESSAGES,
  IDEMPOTENT_REPLAYED_HEADER,
  type HealthReport,
  type PaymentIntentResult,
  type Question,
  type Test,
} from '@mcat/contracts';
import { register, type SignedIn } from '@mcat/test-support/system/accounts';
import { GatewayClient, type GatewayResponse } from '@mcat/test-support/system/gateway-client';
import { pidListeningOn } from './support/listening-processes';
import {
  createTest,
  questionBody,
  testBody,
  TEST_SAMPLES,
} from '@mcat/test-support/system/study-data';
import { systemEnv } from '@mcat/test-support/system/system-env';

const gateway = new GatewayClient();

/** The answer is the refusal `{ statusCode, code, message }` with that status. */
const expectRefused = (
  response: GatewayResponse<unknown>,
  statusCode: number,
  code: string,
  message: string,
): void => {
  expect({ status: response.status, body: response.body }).toEqual({
    status: statusCode,
    body: { statusCode, code, message },
  });
};
const sample = TEST_SAMPLES[0] as (typeof TEST_SAMPLES)[number];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function keyedPost<T>(
  path: string,
  json: unknown,
  student: SignedIn,
  key: string,
): Promise<GatewayResponse<T>> {
  return gateway.request<T>('POST', path, {
    json,
    token: student.token,
    headers: { [IDEMPOTENCY_KEY_HEADER]: key },
  });
}

const storedTests = async (student: SignedIn) =>
  (await gateway.get<Test[]>('/api/tests', student.token)).body;

/** Waits until /api/health answers 200, so what follows this file finds the product whole. */
async function untilHealthy(timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while ((await gateway.get<HealthReport>('/api/health').catch(() => null))?.status !== 200) {
    if (Date.now() > deadline) throw new Error(`/api/health not up within ${timeoutMs} ms`);
    await sleep(250);
  }
}

describe('an Idempotency-Key through the gateway', () => {
  it('a retried test create answers the first answer, marked replayed, and stores one test', async () => {
    const student = await register(gateway);
    const key = randomUUID();
    const first = await keyedPost<Test>('/api/tests', testBody(sample), student, key);
    const retry = await keyedPost<Test>('/api/tests', testBody(sample), student, key);
    expect(first.status).toBe(201);
    expect(first.headers[IDEMPOTENT_REPLAYED_HEADER.toLowerCase()]).toBeUndefined();
    expect({ status: retry.status, body: retry.body }).toEqual({ status: 201, body: first.body });
    expect(retry.headers[IDEMPOTENT_REPLAYED_HEADER.toLowerCase()]).toBe('true');
    expect(await storedTests(student)).toEqual([first.body]);
  });

  it('a retried question create stores one question', async () => {
    const student = await register(gateway);
    const test = await createTest(gateway, student.token, sample);
    const key = randomUUID();
    const answers = [];
    for (let i = 0; i < 3; i += 1) {
      answers.push(
        await keyedPost<Question>('/api/questions', questionBody(test._id), student, key),
      );
    }
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201]);
    const questions = await gateway.get<Question[]>('/api/questions', student.token);
    expect(questions.body.map((question) => question._id)).toEqual([answers[0]?.body._id]);
  });

  it('a retried payment intent is the same intent, not a second one', async () => {
    const student = await register(gateway);
    const key = randomUUID();
    const first = await keyedPost<PaymentIntentResult>(
      '/api/auth/create-payment-intent',
      {},
      student,
      key,
    );
    const retry = await keyedPost<PaymentIntentResult>(
      '/api/auth/create-payment-intent',
      {},
      student,
      key,
    );
    expect(first.status).toBe(200);
    expect(first.body).toHaveProperty('clientSecret');
    expect({ status: retry.status, body: retry.body }).toEqual({ status: 200, body: first.body });
  });

  it('the same key with another body answers 422 with what to do, and stores nothing', async () => {
    const student = await register(gateway);
    const key = randomUUID();
    await keyedPost('/api/tests', testBody(sample), student, key);
    const other = TEST_SAMPLES[1] as (typeof TEST_SAMPLES)[number];
    const reused = await keyedPost('/api/tests', testBody(other), student, key);
    expectRefused(reused, 422, 'IDEMPOTENCY_KEY_REUSED', IDEMPOTENCY_MESSAGES.keyReused);
    expect(await storedTests(student)).toHaveLength(1);
  });

  it('50 identical keyed creates at once store one test', async () => {
    const student = await register(gateway);
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        keyedPost<Test>('/api/tests', testBody(sample), student, key),
      ),
    );
    const stored = await storedTests(student);
    expect(stored).toHaveLength(1);
    for (const answer of answers) {
      if (answer.status === 201) expect(answer.body).toEqual(stored[0]);
      else {
        expectRefused(answer, 409, 'IDEMPOTENCY_IN_FLIGHT', IDEMPOTENCY_MESSAGES.inFlight);
        expect(answer.headers['retry-after']).toBe('1');
      }
    }
  });

  it.each([
    ['of 8 KiB', 'k'.repeat(8192)],
    ['with a byte outside ASCII', Buffer.from('clé-1', 'utf8').toString('latin1')],
    ['with a tab inside', 'key\tone'],
    ['of spaces only, which HTTP trims to nothing', '   '],
  ])('a key %s answers 400 with the rule, and stores nothing', async (_name, key) => {
    const student = await register(gateway);
    const answer = await keyedPost('/api/tests', testBody(sample), student, key);
    expectRefused(answer, 400, 'IDEMPOTENCY_KEY_INVALID', IDEMPOTENCY_MESSAGES.invalidKey);
    expect(await storedTests(student)).toEqual([]);
  });

  it('a create whose answer was lost to a paused database is stored once when retried', async () => {
    const student = await register(gateway);
    const key = randomUUID();
    const database = pidListeningOn(systemEnv.profile.mongo);
    if (database === null) throw new Error('No database listens on the test profile port.');
    process.kill(database, 'SIGSTOP');
    let lost: GatewayResponse<unknown>;
    try {
      lost = await keyedPost('/api/tests', testBody(sample), student, key);
    } finally {
      process.kill(database, 'SIGCONT');
    }
    expect(lost.status).toBe(504);

    // The first attempt finishes once the database is back; until then a retry is asked to wait.
    let retry = await keyedPost<Test>('/api/tests', testBody(sample), student, key);
    for (let tries = 0; retry.status === 409 && tries < 40; tries += 1) {
      await sleep(Number(retry.headers['retry-after']) * 1000);
      retry = await keyedPost<Test>('/api/tests', testBody(sample), student, key);
    }
    expect(retry.status).toBe(201);
    expect(await storedTests(student)).toEqual([retry.body]);
    await untilHealthy();
  }, 90_000);
});
