import fc from 'fast-check';
import {
  ANKI_STATUSES,
  MISTAKE_TYPES,
  SECTION_NAMES,
  VALIDATION,
  type Question,
  type TestSummary,
} from '@mcat/contracts';
import { expectQueryInjectionRefused, type RouteCall } from '@mcat/test-support/query-injection';
import { newUserId, questionBody, startHarness, type QuestionsHarness } from './harness';

const MALFORMED_IDS = [
  'not-an-id',
  '0123456789abcdef0123456',
  '0123456789abcdef012345678',
  'zzzzzzzzzzzzzzzzzzzzzzzz',
  encodeURIComponent('{"$gt":""}'),
];

const INJECTED_QUERIES = [
  'testId[$gt]=',
  'x[$ne]=1',
  'section[]=Biological%20and%20Biochemical%20Foundations',
  'section=a&section=b',
  '$where=1',
];

const isOneOf = (list: readonly string[], value: unknown): boolean =>
  typeof value === 'string' && list.includes(value);

const isTrimmedText = (value: unknown): boolean =>
  typeof value === 'string' && value.length > 0 && value.trim() === value;

/** What every stored question must satisfy, whatever was sent. */
const isValidStored = (q: Question, testId: string): boolean =>
  (q.test as TestSummary)._id === testId &&
  isOneOf(SECTION_NAMES, q.section) &&
  Number.isInteger(q.questionNumber) &&
  q.questionNumber >= 1 &&
  (q.mistakeType === '' || isOneOf(MISTAKE_TYPES, q.mistakeType)) &&
  [q.wrongAnswerReason, q.rightAnswerReason, q.improvementPlan].every(isTrimmedText) &&
  typeof q.ankiCardMade === 'boolean' &&
  q.topicTags.length <= 50 &&
  q.topicTags.every((tag) => isTrimmedText(tag) && tag.length <= 100) &&
  new Set(q.topicTags.map((tag) => tag.toLowerCase())).size === q.topicTags.length;

describe('questions API robustness', () => {
  let h: QuestionsHarness;
  let owner: string;
  let testId: string;
  let questionId: string;
  beforeAll(async () => {
    h = await startHarness();
    owner = newUserId();
    testId = await h.newTest(owner);
    questionId = (await h.call<Question>(owner, 'POST', '/api/questions', questionBody(testId)))
      .body._id;
  }, 60_000);
  afterAll(() => h.close());

  const routes = (id: string, test: string): RouteCall[] => [
    ['GET', '/api/questions'],
    ['GET', '/api/questions/tags'],
    ['GET', '/api/questions/search'],
    ['GET', `/api/questions/test/${test}`],
    ['GET', `/api/questions/${id}`],
    ['POST', '/api/questions', questionBody(testId)],
    ['PUT', `/api/questions/${id}`, questionBody(testId)],
    ['PATCH', `/api/questions/${id}/anki`],
    ['DELETE', `/api/questions/${id}`],
  ];

  it('answers 400 for a malformed id on every route that takes one', async () => {
    for (const bad of MALFORMED_IDS) {
      for (const [method, path, body] of routes(bad, bad).filter(([, path]) =>
        path.includes(bad),
      )) {
        const answer = await h.call(owner, method, path, body);
        expect({ method, path, status: answer.status }).toEqual({ method, path, status: 400 });
      }
      expect((await h.call(owner, 'GET', `/api/questions/search?testId=${bad}`)).status).toBe(400);
      expect(
        await h.call(owner, 'POST', '/api/questions', { ...questionBody(testId), test: bad }),
      ).toEqual({
        status: 400,
        body: { statusCode: 400, code: 'VALIDATION', message: VALIDATION.testRequired },
      });
    }
  });

  it('answers 400 to operator injection in the query string of every route, and changes nothing', async () => {
    await expectQueryInjectionRefused(
      (method, path, body) => h.call(owner, method, path, body),
      routes(questionId, testId),
      INJECTED_QUERIES,
    );
    const list = await h.call<Question[]>(owner, 'GET', '/api/questions');
    expect(list.body.map((q) => [q._id, q.ankiCardMade])).toEqual([[questionId, false]]);
  });

  const injected = { $gt: '' };
  it.each([
    ['test', { test: injected }],
    ['section', { section: injected }],
    ['questionNumber', { questionNumber: injected }],
    ['mistakeType', { mistakeType: injected }],
    ['wrongAnswerReason', { wrongAnswerReason: injected }],
    ['rightAnswerReason', { rightAnswerReason: injected }],
    ['improvementPlan', { improvementPlan: injected }],
    ['ankiCardMade', { ankiCardMade: { $ne: false } }],
    ['topicTags', { topicTags: injected }],
    ['a topic tag', { topicTags: ['Physics', injected] }],
  ])('answers 400 to operator injection in %s on create and update', async (_field, override) => {
    const body = { ...questionBody(testId), ...override };
    expect((await h.call(owner, 'POST', '/api/questions', body)).status).toBe(400);
    expect((await h.call(owner, 'PUT', `/api/questions/${questionId}`, body)).status).toBe(400);
  });

  it('strips unknown body fields: ids, owner, dates and derived fields cannot be set', async () => {
    const user = newUserId();
    const stranger = newUserId();
    const ownTest = await h.newTest(user);
    const forcedId = '0123456789abcdef01234567';
    const created = await h.call<Question>(user, 'POST', '/api/questions', {
      ...questionBody(ownTest),
      _id: forcedId,
      userId: stranger,
      createdAt: '2000-01-01T00:00:00.000Z',
      topicTagKeys: ['planted'],
      deletedAt: '2000-01-01T00:00:00.000Z',
      extra: 'dropped',
    });
    expect(created.status).toBe(201);
    expect(created.body._id).not.toBe(forcedId);
    expect(created.body).not.toHaveProperty('extra');
    expect(created.body).not.toHaveProperty('userId');
    expect(Date.parse(created.body.createdAt)).toBeGreaterThan(Date.now() - 60_000);
    const id = created.body._id;
    const updated = await h.call<Question>(user, 'PUT', `/api/questions/${id}`, {
      ...questionBody(ownTest, { questionNumber: 7 }),
      userId: stranger,
      _id: forcedId,
    });
    expect(updated.body).toMatchObject({ _id: id, questionNumber: 7 });
    expect((await h.call(user, 'GET', `/api/questions/${id}`)).status).toBe(200);
    expect((await h.call(stranger, 'GET', `/api/questions/${id}`)).status).toBe(404);
    expect((await h.call<Question[]>(stranger, 'GET', '/api/questions')).body).toEqual([]);
    const planted = await h.call<Question[]>(user, 'GET', '/api/questions/search?topicTag=planted');
    expect(planted.body).toEqual([]);
  });

  const junk = fc.oneof(
    fc.constant(null),
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant({ $gt: '' }),
    fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 2 }),
    fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
  );
  const text = fc.oneof(fc.string({ maxLength: 60 }), fc.constantFrom('', '   ', ' Padded '));
  const anyBody = (tests: string[]) =>
    fc.record(
      {
        test: fc.oneof(fc.constantFrom(...tests), fc.stringMatching(/^[0-9a-f]{24}$/), text, junk),
        section: fc.oneof(fc.constantFrom(...SECTION_NAMES), text, junk),
        questionNumber: fc.oneof(
          fc.integer({ min: -3, max: 400 }),
          fc.integer({ min: -3, max: 400 }).map(String),
          fc.double(),
          text,
          junk,
        ),
        mistakeType: fc.oneof(fc.constantFrom('', ...MISTAKE_TYPES), text, junk),
        wrongAnswerReason: fc.oneof(text, junk),
        rightAnswerReason: fc.oneof(text, junk),
        improvementPlan: fc.oneof(text, junk),
        ankiCardMade: fc.oneof(fc.boolean(), junk),
        topicTags: fc.oneof(
          fc.array(fc.oneof(fc.string({ maxLength: 110 }), fc.constantFrom(' Tag ', 'tag', '')), {
            maxLength: 55,
          }),
          junk,
        ),
        userId: fc.string({ maxLength: 24 }),
      },
      { requiredKeys: [] },
    );

  /** Bodies of the caller's own test that are often accepted, so that 2xx answers are checked too. */
  const nearlyValidBody = (ownTest: string) =>
    fc
      .record(
        {
          section: fc.constantFrom(...SECTION_NAMES),
          questionNumber: fc.oneof(
            fc.integer({ min: -3, max: 400 }),
            fc.integer({ min: 1, max: 400 }).map(String),
          ),
          mistakeType: fc.constantFrom('', ...MISTAKE_TYPES),
          wrongAnswerReason: text,
          rightAnswerReason: text,
          improvementPlan: text,
          ankiCardMade: fc.boolean(),
          topicTags: fc.array(
            fc.oneof(fc.string({ maxLength: 110 }), fc.constantFrom(' Tag ', 'tag', '')),
            {
              maxLength: 55,
            },
          ),
        },
        { requiredKeys: [] },
      )
      .map((fields) => ({ ...questionBody(ownTest), ...fields }));

  it('never answers 500 to any create or update body, and every 2xx answers a valid stored question', async () => {
    const user = newUserId();
    const ownTest = await h.newTest(user);
    const foreignTest = await h.newTest(newUserId());
    const target = (await h.call<Question>(user, 'POST', '/api/questions', questionBody(ownTest)))
      .body._id;
    let accepted = 0;
    const body = fc.oneof(anyBody([ownTest, foreignTest]), nearlyValidBody(ownTest));
    await fc.assert(
      fc.asyncProperty(body, fc.boolean(), async (body, update) => {
        const res = update
          ? await h.call(user, 'PUT', `/api/questions/${target}`, body)
          : await h.call(user, 'POST', '/api/questions', body);
        expect(update ? [200, 400, 404] : [201, 400, 404]).toContain(res.status);
        if (res.status === 200 || res.status === 201) {
          accepted += 1;
          const answered = res.body as Question;
          const stored = await h.call<Question>(user, 'GET', `/api/questions/${answered._id}`);
          expect(stored).toEqual({ status: 200, body: answered });
          expect({ stored: stored.body, valid: isValidStored(stored.body, ownTest) }).toEqual({
            stored: stored.body,
            valid: true,
          });
        }
        if (res.status === 201) {
          await h.call(user, 'DELETE', `/api/questions/${(res.body as Question)._id}`);
        }
      }),
      { numRuns: 150 },
    );
    expect(accepted).toBeGreaterThan(0);
    const stored = await h.call<Question[]>(user, 'GET', '/api/questions');
    expect(stored.body.map((q) => q._id)).toEqual([target]);
    expect(stored.body.every((q) => isValidStored(q, ownTest))).toBe(true);
  }, 120_000);

  it('never answers 500 to any search, and a 200 holds only matching questions of the caller', async () => {
    const user = newUserId();
    const ownTest = await h.newTest(user);
    const foreignTest = await h.newTest(newUserId());
    for (const [i, section] of SECTION_NAMES.entries()) {
      await h.call(
        user,
        'POST',
        '/api/questions',
        questionBody(ownTest, {
          section,
          mistakeType: MISTAKE_TYPES[i],
          ankiCardMade: i % 2 === 0,
          topicTags: [`Tag ${i}`, '.*'],
        }),
      );
    }
    const value = fc.oneof(
      fc.string({ maxLength: 30 }),
      fc.constantFrom('', ' ', '.*', '^', '\\', '(', '{"$gt":""}', 'TAG 1', ownTest, foreignTest),
      fc.constantFrom(...SECTION_NAMES, ...MISTAKE_TYPES, ...ANKI_STATUSES),
    );
    const query = fc.dictionary(
      fc.oneof(
        fc.constantFrom('testId', 'section', 'mistakeType', 'ankiStatus', 'topicTag'),
        fc.string({ maxLength: 8 }),
      ),
      value,
      { maxKeys: 4 },
    );
    await fc.assert(
      fc.asyncProperty(query, async (params) => {
        const search = new URLSearchParams(params).toString();
        const res = await h.call<Question[]>(user, 'GET', `/api/questions/search?${search}`);
        expect([200, 400]).toContain(res.status);
        if (res.status !== 200) return;
        for (const q of res.body) {
          expect((q.test as TestSummary)._id).toBe(ownTest);
          if (params.section) expect(q.section).toBe(params.section);
          if (params.mistakeType) expect(q.mistakeType).toBe(params.mistakeType);
          if (params.topicTag?.trim()) {
            expect(q.topicTags.map((t) => t.toLowerCase())).toContain(
              params.topicTag.trim().toLowerCase(),
            );
          }
        }
        if (params.testId === foreignTest) expect(res.body).toEqual([]);
      }),
      { numRuns: 200 },
    );
  }, 120_000);
});
