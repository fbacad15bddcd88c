import fc from 'fast-check';
import { SECTION_SCORE_MAX, SECTION_SCORE_MIN, type Test } from '@mcat/contracts';
import { expectQueryInjectionRefused, type RouteCall } from '@mcat/test-support/query-injection';
import { isValidStoredTest, newUserId, startHarness, testBody, type TestsHarness } from './harness';

const INJECTED_QUERIES = [
  'source[$gt]=',
  'x[$ne]=1',
  'userId[]=a',
  'source=a&source=b',
  '$where=1',
];

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

  const routes = (id: string): RouteCall[] => [
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
        body: { statusCode: 404, code: 'NOT_FOUND', message: 'Test Not Found' },
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

  it('answers 400 to operator injection in the query string of every route, and changes nothing', async () => {
    const before = await h.call<Test[]>(owner, 'GET', '/api/tests');
    const allRoutes: RouteCall[] = [
      ['GET', '/api/tests'],
      ['POST', '/api/tests', testBody('2025-02-01')],
      ['GET', '/api/tests/export/excel'],
      ['POST', '/api/tests/import/excel'],
      ['GET', `/internal/tests/${testId}`],
      ...routes(testId),
    ];
    await expectQueryInjectionRefused(
      (method, path, body) => h.call(owner, method, path, body),
      allRoutes,
      INJECTED_QUERIES,
    );
    expect(await h.call<Test[]>(owner, 'GET', '/api/tests')).toEqual(before);
  });

  it('never answers 500 to any id in the path or any plain query string', async () => {
    const segment = fc.oneof(
      fc.string({ minLength: 1, maxLength: 40 }),
      fc.stringMatching(/^[0-9a-f]{24}$/),
      fc.constantFrom('{"$gt":""}', '..', '%', '$gt', 'null', testId.toUpperCase()),
    );
    const query = fc.dictionary(
      fc.stringMatching(/^[a-zA-Z]{1,10}$/),
      fc.oneof(fc.string({ maxLength: 30 }), fc.constantFrom('{"$gt":""}', '.*', '')),
      { maxKeys: 3 },
    );
    const method = fc.constantFrom('GET', 'PUT', 'DELETE', 'PATCH');
    await fc.assert(
      fc.asyncProperty(segment, query, method, async (id, params, verb) => {
        const search = new URLSearchParams(params).toString();
        const list = await h.call<Test[]>(owner, 'GET', `/api/tests?${search}`);
        expect(list.status).toBe(200);
        const path = `/api/tests/${encodeURIComponent(id)}${verb === 'PATCH' ? '/review/complete' : ''}`;
        const body = verb === 'PUT' ? testBody() : undefined;
        const answer = await h.call(newUserId(), verb, `${path}?${search}`, body);
        expect([400, 404]).toContain(answer.status);
      }),
      { numRuns: 150 },
    );
    expect((await h.call<Test>(owner, 'GET', `/api/tests/${testId}`)).status).toBe(200);
  }, 120_000);

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

  it('never answers 500 to any create or update body; every test it accepts is valid as answered and as stored', async () => {
    const user = newUserId();
    h.auth.setUser(user, { isPremium: true });
    const target = (await h.call<Test>(user, 'POST', '/api/tests', testBody())).body._id;
    await fc.assert(
      fc.asyncProperty(anyBody, fc.boolean(), async (body, update) => {
        const res = update
          ? await h.call<Test>(user, 'PUT', `/api/tests/${target}`, body)
          : await h.call<Test>(user, 'POST', '/api/tests', body);
        expect([200, 201, 400, 403]).toContain(res.status);
        if (res.status !== 200 && res.status !== 201) return;
        expect(isValidStoredTest(res.body)).toBe(true);
        const stored = await h.call<Test>(user, 'GET', `/api/tests/${res.body._id}`);
        expect(stored).toEqual({ status: 200, body: res.body });
        if (res.status === 201) await h.call(user, 'DELETE', `/api/tests/${res.body._id}`);
      }),
      { numRuns: 150 },
    );
    const stored = await h.call<Test[]>(user, 'GET', '/api/tests');
    expect(stored.body.every(isValidStoredTest)).toBe(true);
  }, 120_000);
});
