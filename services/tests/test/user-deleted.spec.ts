import { EVENT_SUBJECTS, type Test, type TestsAccountData } from '@mcat/contracts';
import { createEventEnvelope, internalRequestHeaders } from '@mcat/service-kit';
import { deliverEvent, TEST_INTERNAL_API_TOKEN, userUpdatedEvent } from '@mcat/service-kit/testing';
import mongoose from 'mongoose';
import { newUserId, onOwnNats, testBody } from './harness';

/** A NATS of this file's own, so no other test file's instance takes the events. */
const own = onOwnNats();
let db: mongoose.Connection;

beforeAll(async () => {
  db = await mongoose.createConnection(own.h.mongoUrl).asPromise();
});
afterAll(async () => {
  await db?.close();
});

const exportOf = (userId: string, headers: Record<string, string>) =>
  fetch(`${own.h.url}/internal/tests/users/${userId}/export`, { headers });

const userDeleted = (userId: string) => createEventEnvelope(EVENT_SUBJECTS.userDeleted, { userId });

/** Every document in the service's database that names the user, by collection. */
async function documentsOf(userId: string): Promise<Record<string, number>> {
  const found: Record<string, number> = {};
  for (const { name } of await db.db!.listCollections().toArray()) {
    const filter = {
      $or: [{ userId }, { _id: userId }, { _id: { $regex: `^${userId}:` } }],
    };
    const count = await db
      .db!.collection<{ _id: string; userId?: string }>(name)
      .countDocuments(filter);
    if (count > 0) found[name] = count;
  }
  return found;
}

describe("the tests service's part of the student's data", () => {
  it("exports the user's tests and nothing of another user's, only with the service credential", async () => {
    const [ada, bob] = [newUserId(), newUserId()];
    const created = await own.h.call<Test>(
      ada,
      'POST',
      '/api/tests',
      testBody('2025-02-01', 'Ada FL'),
    );
    await own.h.call<Test>(bob, 'POST', '/api/tests', testBody('2025-02-02', 'Bob FL'));

    const response = await exportOf(ada, internalRequestHeaders(TEST_INTERNAL_API_TOKEN));
    expect(response.status).toBe(200);
    const body = (await response.json()) as TestsAccountData;
    expect(body).toEqual({ tests: [created.body] });

    const refused = await exportOf(ada, {});
    expect(refused.status).toBe(404);
    expect(await refused.text()).not.toContain('Ada FL');
    const wrongToken = await exportOf(ada, internalRequestHeaders('x'.repeat(48)));
    expect(wrongToken.status).toBe(404);
    const badId = await exportOf('not-an-id', internalRequestHeaders(TEST_INTERNAL_API_TOKEN));
    expect(badId.status).toBe(400);
  });

  it('auth.user.deleted erases every document of the user and keeps the others; a repeat is harmless', async () => {
    const [ada, bob] = [newUserId(), newUserId()];
    expect((await own.h.call(ada, 'POST', '/api/tests', testBody('2025-03-01'))).status).toBe(201);
    const idempotent = await own.h.call(ada, 'POST', '/api/tests', testBody('2025-03-03'), {
      'idempotency-key': 'ada-key-1',
    });
    expect(idempotent.status).toBe(201);
    const kept = await own.h.call<Test>(bob, 'POST', '/api/tests', testBody('2025-03-04'));
    // Events about each that the outbox relay gave up publishing (as the relay stores them).
    const deadLetters = db.db!.collection<{ _id: string; [field: string]: unknown }>(
      'outbox_dead_letters',
    );
    for (const userId of [ada, bob]) {
      await deadLetters.insertOne({
        _id: `tests:dead-${userId}`,
        collection: 'tests',
        documentId: 'a-test',
        entry: createEventEnvelope(EVENT_SUBJECTS.testDeleted, { testId: 'a-test', userId }),
        error: 'too large',
        failedAt: new Date(),
      });
    }
    // The copies of auth's facts about the student (the plan, the planned testing date).
    await deliverEvent(
      own.nc,
      'tests',
      userUpdatedEvent(ada, { plannedTestingDate: '2025-06-01' }),
    );
    expect(Object.keys(await documentsOf(ada))).toEqual(
      expect.arrayContaining([
        'tests',
        'plan_slots',
        'idempotency_keys',
        'user_plans',
        'planned_dates',
      ]),
    );

    await deliverEvent(own.nc, 'tests', userDeleted(ada));

    expect(await documentsOf(ada)).toEqual({});
    expect(await deadLetters.countDocuments({ _id: `tests:dead-${ada}` })).toBe(0);
    expect(await deadLetters.countDocuments({ _id: `tests:dead-${bob}` })).toBe(1);
    expect((await own.h.call<Test[]>(ada, 'GET', '/api/tests')).body).toEqual([]);
    expect((await own.h.call<Test[]>(bob, 'GET', '/api/tests')).body).toEqual([kept.body]);

    // A second deletion event of the same user (a replay, another auth replica's) finds nothing.
    await deliverEvent(own.nc, 'tests', userDeleted(ada));
    expect(await documentsOf(ada)).toEqual({});
    expect((await own.h.call<Test[]>(bob, 'GET', '/api/tests')).body).toEqual([kept.body]);

    // The plan's places went with the tests: the free plan's two tests fit again.
    for (const date of ['2025-03-05', '2025-03-06']) {
      expect((await own.h.call(ada, 'POST', '/api/tests', testBody(date))).status).toBe(201);
    }
  }, 30_000);
});
