import fc from 'fast-check';
import { SECTION_SCORE_MAX, SECTION_SCORE_MIN, type Test } from '@mcat/contracts';
import { newUserId, startHarness, testBody, type TestsHarness } from './harness';

describe('tests API robustness', () => {
  let h: TestsHarness;
  let owner: string;
  let testId: string;
  beforeAll(async () => {
    h = await startHarness();
    owner = newUserId();
    h.auth.setUser(owner, { isPremium: true });
    testId = (await h.call<Test>(owner, 'POST', '/api/tests', testBody())).body._id;
  });
  afterAll(() => h.close());

  const routes = (id: string): [string, string, unknown?][] => [
    ['GET', `/api/tests/${id}`],
    ['PUT', `/api/tests/${id}`, testBody()],
    ['DELETE', `/api/tests/${id}`],
    ['PATCH', `/api/tests/${id}/review`, { sectionsReviewed: { bio: true } }],
    ['PATCH', `/api/tests/${id}/review/complete`],
  ];

  it("answers 404 for another user's test on every route, exactly as for a missing one", async () => {
    for (const [method, path, body] of routes(testId)) {
      const foreign = await h.call(newUserId(), method, path, body);
      const missing = await h.call(
        owner,
        method,
        path.replace(testId, '0123456789abcdef01234567'),
        body,
      );
      expect(foreign).toEqual({
        status: 404,
        body: { statusCode: 404, message: 'Test Not Found' },
      });
      expect(missing).toEqual(foreign);
    }
    expect((await h.call<Test>(owner, 'GET', `/api/tests/${testId}`)).body.source).toBe(
      'AAMC FL 1',
    );
  });

  it('answers 400 for a malformed id on every route', async () => {
    for (const [method, path, body] of routes('not-an-id')) {
      expect((await h.call(owner, method, path, body)).status).toBe(400);
    }
  });

  it.each([
    ['source', { ...testBody(), source: { $gt: '' } }],
    ['dateTaken', { ...testBody(), dateTaken: { $gt: '' } }],
    ['a subscore', { ...testBody(), subscores: { ...testBody().subscores, bio: { $gt: 0 } } }],
    ['subscores', { ...testBody(), subscores: { $gt: '' } }],
    ['totalScore', { ...testBody(), totalScore: { $ne: null } }],
  ])('answers 400 for operator injection in %s', async (_field, body) => {
    expect((await h.call(owner, 'POST', '/api/tests', body)).status).toBe(400);
    expect((await h.call(owner, 'PUT', `/api/tests/${testId}`, body)).status).toBe(400);
  });

  it('answers 400 for operator injection in the review patch', async () => {
    const body = { sectionsReviewed: { $gt: '' } };
    expect((await h.call(owner, 'PATCH', `/api/tests/${testId}/review`, body)).status).toBe(400);
  });

  it('answers 401 for forged, expired, unsigned and HS256 tokens', async () => {
    const claims = { sub: owner };
    for (const token of [
      h.issuer.expired(claims),
      h.issuer.tampered(claims),
      h.issuer.none(claims),
      h.issuer.hs256WithPublicKey(claims),
      h.issuer.foreignKey(claims),
    ]) {
      const res = await fetch(`${h.url}/api/tests`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.status).toBe(401);
    }
  });

  const score = fc.oneof(
    fc.integer({ min: SECTION_SCORE_MIN - 3, max: SECTION_SCORE_MAX + 3 }),
    fc.double(),
    fc.string(),
    fc.constant(null),
    fc.object(),
  );
  const anyBody = fc.record(
    {
      dateTaken: fc.oneof(
        fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
        fc.string(),
        fc.integer(),
      ),
      source: fc.oneof(fc.string({ maxLength: 120 }), fc.constant('  '), fc.object()),
      subscores: fc.oneof(
        fc.record(
          { chemPhys: score, cars: score, bio: score, psychSoc: score },
          { requiredKeys: [] },
        ),
        fc.string(),
      ),
      totalScore: fc.oneof(fc.integer({ min: 400, max: 600 }), fc.string(), fc.constant(undefined)),
    },
    { requiredKeys: [] },
  );

  const isValidStored = (t: Test): boolean =>
    t.source.trim() === t.source &&
    t.source.length >= 1 &&
    t.source.length <= 100 &&
    Object.values(t.subscores).every((s) => Number.isInteger(s) && s >= 118 && s <= 132) &&
    t.totalScore === Object.values(t.subscores).reduce((a, b) => a + b, 0) &&
    t.dateTaken.endsWith('T00:00:00.000Z');

  it('never answers 500 to any create or update body, and stores only valid tests', async () => {
    const user = newUserId();
    h.auth.setUser(user, { isPremium: true });
    const target = (await h.call<Test>(user, 'POST', '/api/tests', testBody())).body._id;
    await fc.assert(
      fc.asyncProperty(anyBody, fc.boolean(), async (body, update) => {
        const res = update
          ? await h.call(user, 'PUT', `/api/tests/${target}`, body)
          : await h.call(user, 'POST', '/api/tests', body);
        expect([200, 201, 400, 403]).toContain(res.status);
        if (res.status === 201)
          await h.call(user, 'DELETE', `/api/tests/${(res.body as Test)._id}`);
      }),
      { numRuns: 150 },
    );
    const stored = await h.call<Test[]>(user, 'GET', '/api/tests');
    expect(stored.body.every(isValidStored)).toBe(true);
  }, 120_000);
});
