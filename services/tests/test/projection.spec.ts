import {
  AUTH_MESSAGES,
  PROJECTION_MESSAGES,
  projectionNeedsTests,
  type ScoreProjection,
  type Test,
  type TestBody,
} from '@mcat/contracts';
import { deliverEvent, userUpdatedEvent } from '@mcat/service-kit/testing';
import { refusal } from '@mcat/test-support/refusal';
import { newUserId, onOwnNats } from './harness';

/** A test on `date` whose sections add up to `total`. */
const scored = (date: string, total: number): TestBody => {
  const extra = total - 472;
  const share = Math.floor(extra / 4);
  return {
    dateTaken: date,
    source: 'AAMC FL',
    subscores: {
      chemPhys: 118 + share,
      cars: 118 + share,
      bio: 118 + share,
      psychSoc: 118 + extra - 3 * share,
    },
  };
};

/** `auth.user.updated` about a premium student with this planned date, changed at `occurredAt`. */
const profileChanged = (userId: string, plannedTestingDate: string | null, occurredAt?: Date) =>
  userUpdatedEvent(userId, { isPremium: true, plannedTestingDate }, occurredAt);

describe('GET /api/tests/projection', () => {
  /** A NATS of this file's own, so no other file's tests service takes its events. */
  const own = onOwnNats();

  const student = (plannedTestingDate: string | null = '2026-06-01'): string => {
    const id = newUserId();
    own.h.auth.setUser(id, { plannedTestingDate, isPremium: true });
    return id;
  };
  const log = async (user: string, ...tests: [string, number][]): Promise<Test[]> => {
    const created: Test[] = [];
    for (const [date, total] of tests) {
      const answer = await own.h.call<Test>(user, 'POST', '/api/tests', scored(date, total));
      expect(answer.status).toBe(201);
      created.push(answer.body);
    }
    return created;
  };
  const project = (user: string) =>
    own.h.call<ScoreProjection & { code?: string; message?: string }>(
      user,
      'GET',
      '/api/tests/projection',
    );

  it('three tests give a projection for the planned date, within 472–528', async () => {
    const user = student('2025-06-01');
    await log(user, ['2025-03-01', 500], ['2025-03-15', 502], ['2025-04-01', 504]);
    const { status, body } = await project(user);
    expect(status).toBe(200);
    expect(Object.keys(body).sort()).toEqual(['atDate', 'high', 'low', 'predictedScore']);
    expect(body.atDate).toBe('2025-06-01');
    // About +1 point a week, two months on.
    expect(body.predictedScore).toBeGreaterThanOrEqual(509);
    expect(body.predictedScore).toBeLessThanOrEqual(513);
    expect(body.low).toBeGreaterThanOrEqual(472);
    expect(body.low).toBeLessThan(body.predictedScore);
    expect(body.high).toBeGreaterThan(body.predictedScore);
    expect(body.high).toBeLessThanOrEqual(528);
  });

  it('two tests answer 422 PROJECTION_NEEDS_TESTS asking for 1 more; none asks for 3', async () => {
    const user = student();
    expect(await project(user)).toEqual(
      refusal(422, 'PROJECTION_NEEDS_TESTS', projectionNeedsTests(0)),
    );
    await log(user, ['2025-03-01', 500], ['2025-03-15', 502]);
    const answer = await project(user);
    expect(answer).toEqual(
      refusal(
        422,
        'PROJECTION_NEEDS_TESTS',
        'A projection needs at least 3 practice tests. Log 1 more to see one.',
      ),
    );
    expect(projectionNeedsTests(0)).toContain('Log 3 more');
  });

  it('a steep rise far from the test date is clamped at 528, never above', async () => {
    const user = student('2026-12-31');
    await log(user, ['2025-01-01', 480], ['2025-01-08', 500], ['2025-01-15', 520]);
    const { status, body } = await project(user);
    expect(status).toBe(200);
    expect(body).toMatchObject({ predictedScore: 528, high: 528, atDate: '2026-12-31' });
    expect(body.low).toBeGreaterThanOrEqual(472);
    expect(body.low).toBeLessThanOrEqual(528);
  });

  it("another user's tests never count", async () => {
    const other = student();
    await log(other, ['2025-03-01', 528], ['2025-03-02', 528], ['2025-03-03', 528]);
    const user = student('2025-05-01');
    await log(user, ['2025-03-01', 500], ['2025-03-15', 500]);
    expect((await project(user)).body.code).toBe('PROJECTION_NEEDS_TESTS');
    await log(user, ['2025-04-01', 500]);
    const { body } = await project(user);
    expect(body.predictedScore).toBe(500);
    expect(body.low + body.high).toBe(1000);
  });

  it('a deleted test no longer counts', async () => {
    const user = student();
    const [first] = await log(user, ['2025-03-01', 500], ['2025-03-15', 501], ['2025-04-01', 502]);
    expect((await project(user)).status).toBe(200);
    await own.h.call(user, 'DELETE', `/api/tests/${first!._id}`);
    expect((await project(user)).body).toMatchObject({
      code: 'PROJECTION_NEEDS_TESTS',
      message: projectionNeedsTests(2),
    });
  });

  it('an edited or a new test counts in the very next projection', async () => {
    const user = student('2025-05-01');
    const [first] = await log(user, ['2025-03-01', 500], ['2025-03-15', 500], ['2025-04-01', 500]);
    expect((await project(user)).body.predictedScore).toBe(500);
    const edited = await own.h.call(
      user,
      'PUT',
      `/api/tests/${first!._id}`,
      scored('2025-03-01', 510),
    );
    expect(edited.status).toBe(200);
    expect((await project(user)).body.predictedScore).toBeLessThan(500);
    await log(user, ['2025-04-15', 520]);
    expect((await project(user)).body.predictedScore).toBeGreaterThan(505);
  });

  it('without a planned testing date answers 422 PROJECTION_NEEDS_DATE; a new date counts once its auth.user.updated is handled', async () => {
    const user = student(null);
    await log(user, ['2025-03-01', 500], ['2025-03-15', 501], ['2025-04-01', 502]);
    expect(await project(user)).toEqual({
      status: 422,
      body: {
        statusCode: 422,
        code: 'PROJECTION_NEEDS_DATE',
        message: PROJECTION_MESSAGES.needsDate,
      },
    });
    await deliverEvent(own.nc, 'tests', profileChanged(user, '2025-09-01'));
    expect((await project(user)).body.atDate).toBe('2025-09-01');
    await deliverEvent(own.nc, 'tests', profileChanged(user, '2025-10-01'));
    expect((await project(user)).body.atDate).toBe('2025-10-01');
    await deliverEvent(own.nc, 'tests', profileChanged(user, null));
    expect((await project(user)).body.code).toBe('PROJECTION_NEEDS_DATE');
  }, 30_000);

  it('an event older than the date kept never brings the older date back', async () => {
    const user = student('2025-07-01');
    await log(user, ['2025-03-01', 500], ['2025-03-15', 501], ['2025-04-01', 502]);
    const now = Date.now();
    await deliverEvent(own.nc, 'tests', profileChanged(user, '2025-08-01', new Date(now)));
    await deliverEvent(own.nc, 'tests', profileChanged(user, '2025-06-01', new Date(now - 60_000)));
    expect((await project(user)).body.atDate).toBe('2025-08-01');
  }, 30_000);

  it('an event without the date (from an auth older than the field) leaves the date kept', async () => {
    const user = student('2025-07-01');
    await log(user, ['2025-03-01', 500], ['2025-03-15', 501], ['2025-04-01', 502]);
    await deliverEvent(own.nc, 'tests', profileChanged(user, '2025-08-01'));
    const older = profileChanged(user, null);
    delete (older.data as { plannedTestingDate?: unknown }).plannedTestingDate;
    await deliverEvent(own.nc, 'tests', older);
    expect((await project(user)).body.atDate).toBe('2025-08-01');
  }, 30_000);

  it('asks auth, with the service credential, only for a student no event has told it about', async () => {
    const user = student('2025-07-01');
    await log(user, ['2025-03-01', 500], ['2025-03-15', 501], ['2025-04-01', 502]);
    const [before, refused] = [own.h.auth.calls.get(user) ?? 0, own.h.auth.uncredentialedCalls];
    expect((await project(user)).body.atDate).toBe('2025-07-01');
    expect((await project(user)).body.atDate).toBe('2025-07-01');
    expect(own.h.auth.calls.get(user)).toBe(before + 1);
    expect(own.h.auth.uncredentialedCalls).toBe(refused);

    const told = student('2025-07-01');
    await log(told, ['2025-03-01', 500], ['2025-03-15', 501], ['2025-04-01', 502]);
    await deliverEvent(own.nc, 'tests', profileChanged(told, '2025-08-01'));
    const asked = own.h.auth.calls.get(told) ?? 0;
    expect((await project(told)).body.atDate).toBe('2025-08-01');
    expect(own.h.auth.calls.get(told) ?? 0).toBe(asked);
  }, 30_000);

  it('answers 503 while auth cannot say the date of a student it has no copy for, 401 for one auth does not know', async () => {
    const user = student('2025-07-01');
    await log(user, ['2025-03-01', 500], ['2025-03-15', 501], ['2025-04-01', 502]);
    own.h.auth.failing = true;
    try {
      expect(await project(user)).toMatchObject({
        status: 503,
        body: { statusCode: 503, message: PROJECTION_MESSAGES.unavailable },
      });
    } finally {
      own.h.auth.failing = false;
    }
    expect((await project(user)).body.atDate).toBe('2025-07-01');

    const unknown = newUserId();
    own.h.auth.setUser(unknown, { isPremium: true });
    await log(unknown, ['2025-03-01', 500], ['2025-03-15', 501], ['2025-04-01', 502]);
    own.h.auth.forget(unknown);
    expect(await project(unknown)).toMatchObject({
      status: 401,
      body: { message: AUTH_MESSAGES.signInAgain },
    });
  });

  it('without a token answers 401', async () => {
    const response = await fetch(`${own.h.url}/api/tests/projection`);
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
  });
});
