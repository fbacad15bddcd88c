import { randomUUID } from 'node:crypto';
import { MongoClient } from 'mongodb';
import {
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_MESSAGES,
  IDEMPOTENT_REPLAYED_HEADER,
  LIMITS,
  type Test,
} from '@mcat/contracts';
import { newUserId, startHarness, testBody, type TestsHarness } from './harness';

/** `POST /api/tests` with an Idempotency-Key, answering status, body and the replay header. */
async function keyedCreate(h: TestsHarness, userId: string, key: string, body: unknown) {
  const response = await fetch(`${h.url}/api/tests`, {
    method: 'POST',
    headers: {
      authorization: h.issuer.bearer({ sub: userId }),
      'content-type': 'application/json',
      [IDEMPOTENCY_KEY_HEADER]: key,
    },
    body: JSON.stringify(body),
  });
  return {
    status: response.status,
    body: (await response.json()) as Test & { message?: string },
    replayed: response.headers.get(IDEMPOTENT_REPLAYED_HEADER),
  };
}

describe('creating a test with an Idempotency-Key', () => {
  let h: TestsHarness;
  let mongo: MongoClient;
  beforeAll(async () => {
    h = await startHarness();
    mongo = await MongoClient.connect(h.mongoUrl);
  });
  afterAll(async () => {
    await mongo.close();
    await h.close();
  });

  const storedTests = async (user: string) =>
    (await h.call<Test[]>(user, 'GET', '/api/tests')).body;

  it('a retry with the same key answers the first answer and stores nothing new', async () => {
    const user = newUserId();
    const key = randomUUID();
    const first = await keyedCreate(h, user, key, testBody('2025-02-01'));
    const retry = await keyedCreate(h, user, key, testBody('2025-02-01'));
    expect(first).toMatchObject({ status: 201, replayed: null });
    expect(retry).toEqual({ status: 201, body: first.body, replayed: 'true' });
    expect(await storedTests(user)).toEqual([first.body]);
  });

  it('the same key with another body answers 422 and stores nothing', async () => {
    const user = newUserId();
    const key = randomUUID();
    const first = await keyedCreate(h, user, key, testBody('2025-02-01'));
    const other = await keyedCreate(h, user, key, testBody('2025-02-02'));
    expect(other).toMatchObject({
      status: 422,
      body: {
        statusCode: 422,
        code: 'IDEMPOTENCY_KEY_REUSED',
        message: IDEMPOTENCY_MESSAGES.keyReused,
      },
    });
    expect(await storedTests(user)).toEqual([first.body]);
  });

  it("one student's key is not another's: each stores a test", async () => {
    const key = randomUUID();
    const [a, b] = [newUserId(), newUserId()];
    const first = await keyedCreate(h, a, key, testBody());
    const second = await keyedCreate(h, b, key, testBody());
    expect([first.status, second.replayed]).toEqual([201, null]);
    expect(second).toMatchObject({ status: 201, body: { userId: b } });
    expect(second.body._id).not.toBe(first.body._id);
  });

  it('a refused first attempt does not hold the key: the corrected request with it is stored', async () => {
    const user = newUserId();
    const key = randomUUID();
    const refused = await keyedCreate(h, user, key, { ...testBody(), source: '' });
    expect(refused.status).toBe(400);
    const corrected = await keyedCreate(h, user, key, testBody());
    expect(corrected).toMatchObject({ status: 201, replayed: null });
    expect(await storedTests(user)).toEqual([corrected.body]);
  });

  it("a free student's third test is refused with the upgrade message, key or not", async () => {
    const user = newUserId();
    h.auth.setUser(user);
    await keyedCreate(h, user, randomUUID(), testBody('2025-01-01'));
    await keyedCreate(h, user, randomUUID(), testBody('2025-01-02'));
    const third = await keyedCreate(h, user, randomUUID(), testBody('2025-01-03'));
    expect(third).toMatchObject({ status: 403, body: { message: LIMITS.freeTests } });
    expect(await storedTests(user)).toHaveLength(2);
  });

  it('50 identical keyed creates at once store one test; each answers it or asks to retry', async () => {
    const user = newUserId();
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => keyedCreate(h, user, key, testBody('2025-03-03'))),
    );
    const stored = await storedTests(user);
    expect(stored).toHaveLength(1);
    for (const answer of answers) {
      if (answer.status === 201) expect(answer.body).toEqual(stored[0]);
      else {
        expect(answer).toMatchObject({
          status: 409,
          body: { message: IDEMPOTENCY_MESSAGES.inFlight },
        });
      }
    }
    expect(answers.filter((a) => a.status === 201 && a.replayed === null)).toHaveLength(1);
  });

  it('a key older than 24 hours is forgotten: the request runs again', async () => {
    const user = newUserId();
    const key = randomUUID();
    const first = await keyedCreate(h, user, key, testBody('2025-04-01'));
    await mongo
      .db()
      .collection<{ _id: string; expiresAt: Date }>('idempotency_keys')
      .updateOne({ _id: `${user}:${key}` }, { $set: { expiresAt: new Date(Date.now() - 1000) } });
    const later = await keyedCreate(h, user, key, testBody('2025-04-01'));
    expect(later).toMatchObject({ status: 201, replayed: null });
    expect(later.body._id).not.toBe(first.body._id);
    expect(await storedTests(user)).toHaveLength(2);
  });

  it.each([
    ['empty', ''],
    ['longer than 255 characters', 'k'.repeat(256)],
    ['with a control character', 'abc\tdef'],
  ])('a key %s is refused with 400 and stores nothing', async (_name, key) => {
    const user = newUserId();
    const answer = await keyedCreate(h, user, key, testBody());
    expect(answer).toMatchObject({
      status: 400,
      body: {
        statusCode: 400,
        code: 'IDEMPOTENCY_KEY_INVALID',
        message: IDEMPOTENCY_MESSAGES.invalidKey,
      },
    });
    expect(await storedTests(user)).toEqual([]);
  });
});
