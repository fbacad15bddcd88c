import { ERRORS, LIMITS, VALIDATION, type Test } from '@mcat/contracts';
import { latestDateOnEarth } from '../src/tests/calendar';
import { newUserId, startHarness, testBody, type TestsHarness } from './harness';

describe('tests API', () => {
  let h: TestsHarness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());

  it('creates a test with the server-computed total, dateTaken at UTC midnight', async () => {
    const user = newUserId();
    const created = await h.call<Test>(user, 'POST', '/api/tests', {
      ...testBody('2025-03-02', '  Blueprint FL 2  '),
      extra: 'dropped',
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      userId: user,
      dateTaken: '2025-03-02T00:00:00.000Z',
      source: 'Blueprint FL 2',
      totalScore: 502,
      review: {
        isComplete: false,
        sectionsReviewed: { chemPhys: false, cars: false, bio: false, psychSoc: false },
      },
    });
    expect(created.body).not.toHaveProperty('extra');
    const fetched = await h.call<Test>(user, 'GET', `/api/tests/${created.body._id}`);
    expect(fetched.body).toEqual(created.body);
  });

  it('lists the newest dateTaken first', async () => {
    const user = newUserId();
    h.auth.setUser(user, { isPremium: true });
    for (const date of ['2025-01-10', '2025-02-10', '2024-12-01']) {
      await h.call(user, 'POST', '/api/tests', testBody(date));
    }
    const list = await h.call<Test[]>(user, 'GET', '/api/tests');
    expect(list.body.map((t) => t.dateTaken.slice(0, 10))).toEqual([
      '2025-02-10',
      '2025-01-10',
      '2024-12-01',
    ]);
  });

  it('refuses a client total that differs from the sum', async () => {
    const res = await h.call(newUserId(), 'POST', '/api/tests', { ...testBody(), totalScore: 500 });
    expect(res).toEqual({
      status: 400,
      body: {
        statusCode: 400,
        code: 'VALIDATION',
        message: 'Total score must equal the sum of the section scores (502)',
      },
    });
  });

  it('accepts today anywhere on Earth but not the day after', async () => {
    const user = newUserId();
    const today = latestDateOnEarth();
    expect((await h.call(user, 'POST', '/api/tests', testBody(today))).status).toBe(201);
    const tomorrow = new Date(Date.parse(today) + 86_400_000).toISOString().slice(0, 10);
    expect(await h.call(user, 'POST', '/api/tests', testBody(tomorrow))).toEqual({
      status: 400,
      body: { statusCode: 400, code: 'VALIDATION', message: VALIDATION.dateInFuture },
    });
  });

  it.each([
    [{ ...testBody(), source: '' }, VALIDATION.sourceRequired],
    [{ ...testBody(), source: 'x'.repeat(101) }, VALIDATION.sourceTooLong],
    [{ ...testBody(), dateTaken: '' }, VALIDATION.dateRequired],
    [
      { ...testBody(), subscores: { ...testBody().subscores, chemPhys: 117 } },
      VALIDATION.sectionScoreTooLow,
    ],
    [
      { ...testBody(), subscores: { ...testBody().subscores, bio: 133 } },
      VALIDATION.sectionScoreTooHigh,
    ],
    [
      { ...testBody(), subscores: { cars: 120, bio: 120, psychSoc: 120 } },
      VALIDATION.chemPhysRequired,
    ],
  ])('answers 400 with the spec message for %j', async (body, message) => {
    expect(await h.call(newUserId(), 'POST', '/api/tests', body)).toEqual({
      status: 400,
      body: { statusCode: 400, code: 'VALIDATION', message },
    });
  });

  it('updates a test and keeps its review', async () => {
    const user = newUserId();
    const { body: test } = await h.call<Test>(user, 'POST', '/api/tests', testBody());
    await h.call(user, 'PATCH', `/api/tests/${test._id}/review`, {
      sectionsReviewed: { cars: true },
    });
    const updated = await h.call<Test>(user, 'PUT', `/api/tests/${test._id}`, {
      ...testBody('2025-01-20', 'Kaplan FL 1'),
      totalScore: 502,
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      source: 'Kaplan FL 1',
      dateTaken: '2025-01-20T00:00:00.000Z',
      review: { sectionsReviewed: { cars: true } },
    });
  });

  it('walks the review: one flag at a time, complete, then the reset', async () => {
    const user = newUserId();
    const { body: test } = await h.call<Test>(user, 'POST', '/api/tests', testBody());
    const flagged = await h.call<Test>(user, 'PATCH', `/api/tests/${test._id}/review`, {
      sectionsReviewed: { bio: true },
    });
    expect(flagged.body.review).toEqual({
      isComplete: false,
      sectionsReviewed: { chemPhys: false, cars: false, bio: true, psychSoc: false },
    });
    const complete = await h.call<Test>(user, 'PATCH', `/api/tests/${test._id}/review/complete`);
    expect(complete.body.review.isComplete).toBe(true);
    const reset = await h.call<Test>(user, 'PATCH', `/api/tests/${test._id}/review`, {
      isComplete: false,
      sectionsReviewed: { chemPhys: false, cars: false, bio: false, psychSoc: false },
    });
    expect(reset.body.review).toEqual({
      isComplete: false,
      sectionsReviewed: { chemPhys: false, cars: false, bio: false, psychSoc: false },
    });
    const twoFlags = await h.call(user, 'PATCH', `/api/tests/${test._id}/review`, {
      sectionsReviewed: { bio: true, cars: true },
    });
    expect(twoFlags.status).toBe(400);
  });

  it('deletes a test: it is gone and its slot is free again', async () => {
    const user = newUserId();
    const a = await h.call<Test>(user, 'POST', '/api/tests', testBody('2025-01-01'));
    await h.call<Test>(user, 'POST', '/api/tests', testBody('2025-01-02'));
    expect((await h.call(user, 'DELETE', `/api/tests/${a.body._id}`)).status).toBe(200);
    expect((await h.call(user, 'GET', `/api/tests/${a.body._id}`)).status).toBe(404);
    expect((await h.call(user, 'DELETE', `/api/tests/${a.body._id}`)).status).toBe(404);
    expect((await h.call(user, 'POST', '/api/tests', testBody('2025-01-03'))).status).toBe(201);
  });

  it("a free user's third test is refused with the upgrade message", async () => {
    const user = newUserId();
    h.auth.setUser(user);
    await h.call(user, 'POST', '/api/tests', testBody('2025-01-01'));
    await h.call(user, 'POST', '/api/tests', testBody('2025-01-02'));
    expect(await h.call(user, 'POST', '/api/tests', testBody('2025-01-03'))).toEqual({
      status: 403,
      body: { statusCode: 403, code: 'PLAN_LIMIT_TESTS', message: LIMITS.freeTests, plan: 'free' },
    });
  });

  it('a user who just bought premium is let through at once (auth read-through)', async () => {
    const user = newUserId();
    h.auth.setUser(user);
    await h.call(user, 'POST', '/api/tests', testBody('2025-01-01'));
    await h.call(user, 'POST', '/api/tests', testBody('2025-01-02'));
    h.auth.setUser(user, { isPremium: true });
    expect((await h.call(user, 'POST', '/api/tests', testBody('2025-01-03'))).status).toBe(201);
  });

  it("a premium user's sixteenth test is refused with the 15-test message", async () => {
    const user = newUserId();
    h.auth.setUser(user, { isPremium: true });
    for (let day = 1; day <= 15; day += 1) {
      const res = await h.call(
        user,
        'POST',
        '/api/tests',
        testBody(`2025-01-${String(day).padStart(2, '0')}`),
      );
      expect(res.status).toBe(201);
    }
    expect(await h.call(user, 'POST', '/api/tests', testBody('2025-02-01'))).toEqual({
      status: 403,
      body: {
        statusCode: 403,
        code: 'PLAN_LIMIT_TESTS',
        message: LIMITS.premiumTests,
        plan: 'premium',
      },
    });
  });

  it('20 simultaneous creates by a free user leave exactly 2 tests', async () => {
    const user = newUserId();
    h.auth.setUser(user);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        h.call(user, 'POST', '/api/tests', testBody(`2025-01-${String(i + 1).padStart(2, '0')}`)),
      ),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(2);
    expect(answers.filter((a) => a.status === 403)).toHaveLength(18);
    expect((await h.call<Test[]>(user, 'GET', '/api/tests')).body).toHaveLength(2);
  });

  it('40 simultaneous creates by a premium user leave exactly 15 tests', async () => {
    const user = newUserId();
    h.auth.setUser(user, { isPremium: true });
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        h.call(
          user,
          'POST',
          '/api/tests',
          testBody(`2024-0${(i % 9) + 1}-${String((i % 28) + 1).padStart(2, '0')}`),
        ),
      ),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(15);
    expect((await h.call<Test[]>(user, 'GET', '/api/tests')).body).toHaveLength(15);
  });

  it('answers 404 for a missing test', async () => {
    expect(await h.call(newUserId(), 'GET', '/api/tests/0123456789abcdef01234567')).toEqual({
      status: 404,
      body: { statusCode: 404, code: 'NOT_FOUND', message: ERRORS.testNotFound },
    });
  });
});
