import type { Insights, Question } from '@mcat/contracts';
import { newUserId, questionBody, startHarness, type QuestionsHarness } from './harness';

const CP = 'Chemical and Physical Foundations';
const CARS = 'Critical Analysis and Reasoning';
const BIO = 'Biological and Biochemical Foundations';
const PS = 'Psychological and Social Foundations';

describe('GET /api/questions/insights', () => {
  let h: QuestionsHarness;
  let user: string;
  let early: string;
  let late: string;
  let empty: string;

  beforeAll(async () => {
    h = await startHarness();
    user = newUserId();
    h.auth.setUser(user, { isPremium: true });
    // Created out of date order: overTime is by the date taken, not by creation.
    late = await h.newTest(user, '2025-03-01', 'AAMC FL 2');
    early = await h.newTest(user, '2025-01-10', 'Kaplan FL 1');
    empty = await h.newTest(user, '2025-02-01', 'Blueprint FL 1');
    const bodies = [
      questionBody(early, { section: CP, mistakeType: 'Careless Error', topicTags: ['Enzymes'] }),
      questionBody(early, {
        section: CP,
        mistakeType: 'Careless Error',
        topicTags: ['Enzymes', 'Physics'],
      }),
      questionBody(early, { section: BIO, mistakeType: 'Content Gap', topicTags: ['Biology'] }),
      questionBody(late, {
        section: CP,
        mistakeType: 'Content Gap',
        topicTags: ['enzymes'],
        ankiCardMade: true,
      }),
      questionBody(late, { section: CARS, mistakeType: '', topicTags: [] }),
      questionBody(late, { section: BIO, mistakeType: 'Careless Error', topicTags: ['Biology'] }),
    ];
    for (const body of bodies) {
      const created = await h.call<Question>(user, 'POST', '/api/questions', body);
      if (created.status !== 201) throw new Error(JSON.stringify(created.body));
    }
    // Another student's questions never count.
    const other = newUserId();
    const otherTest = await h.newTest(other, '2025-01-05', 'AAMC FL 1');
    await h.call(other, 'POST', '/api/questions', questionBody(otherTest, { section: PS }));
  }, 120_000);
  afterAll(() => h.close());

  const insights = (query = '', who = user) =>
    h.call<Insights>(who, 'GET', `/api/questions/insights${query}`);

  it('adds up every question of the student by section, mistake type, tag and test', async () => {
    expect(await insights()).toEqual({
      status: 200,
      body: {
        bySection: [
          { section: CP, count: 3 },
          { section: CARS, count: 1 },
          { section: BIO, count: 2 },
          { section: PS, count: 0 },
        ],
        byMistakeType: [
          { mistakeType: 'Careless Error', count: 3 },
          { mistakeType: 'Content Gap', count: 2 },
          { mistakeType: '', count: 1 },
        ],
        byTag: [
          { tag: 'enzymes', count: 3 },
          { tag: 'Biology', count: 2 },
          { tag: 'Physics', count: 1 },
        ],
        overTime: [
          {
            testId: early,
            dateTaken: '2025-01-10T00:00:00.000Z',
            source: 'Kaplan FL 1',
            counts: { 'Careless Error': 2, 'Content Gap': 1 },
          },
          {
            testId: late,
            dateTaken: '2025-03-01T00:00:00.000Z',
            source: 'AAMC FL 2',
            counts: { 'Content Gap': 1, '': 1, 'Careless Error': 1 },
          },
        ],
      },
    });
    const tests = (await insights()).body.overTime.map((t) => t.testId);
    expect(tests).not.toContain(empty);
  });

  it('is narrowed by the search filters', async () => {
    const bySection = await insights(`?section=${encodeURIComponent(CP)}`);
    expect(bySection.body.byMistakeType).toEqual([
      { mistakeType: 'Careless Error', count: 2 },
      { mistakeType: 'Content Gap', count: 1 },
    ]);
    expect(bySection.body.overTime.map((t) => [t.testId, t.counts])).toEqual([
      [early, { 'Careless Error': 2 }],
      [late, { 'Content Gap': 1 }],
    ]);

    const byTest = await insights(`?testId=${late.toUpperCase()}`);
    expect(byTest.body.overTime.map((t) => t.testId)).toEqual([late]);
    expect(byTest.body.bySection.map((s) => s.count)).toEqual([1, 1, 1, 0]);

    const byTag = await insights('?topicTag=ENZYMES&mistakeType=Careless%20Error');
    expect(byTag.body.byTag).toEqual([
      { tag: 'Enzymes', count: 2 },
      { tag: 'Physics', count: 1 },
    ]);
    expect(byTag.body.overTime).toHaveLength(1);

    const made = await insights('?ankiStatus=made');
    expect(made.body.bySection.map((s) => s.count)).toEqual([1, 0, 0, 0]);

    const blank = await insights('?section=&mistakeType=');
    expect(blank.body).toEqual((await insights()).body);
  });

  it('counts a new question, and a student with none gets empty lists', async () => {
    await h.call(user, 'POST', '/api/questions', questionBody(empty, { section: PS }));
    const after = await insights();
    expect(after.body.bySection[3]).toEqual({ section: PS, count: 1 });
    expect(after.body.overTime.map((t) => t.testId)).toEqual([early, empty, late]);

    expect(await insights('', newUserId())).toEqual({
      status: 200,
      body: {
        bySection: [CP, CARS, BIO, PS].map((section) => ({ section, count: 0 })),
        byMistakeType: [],
        byTag: [],
        overTime: [],
      },
    });
  });

  it.each([
    ['?section=Physics', 'Unknown section'],
    ['?mistakeType=Sloppy', 'Unknown mistake type'],
    ['?testId=nope', 'testId must be a test id'],
    ['?ankiStatus=maybe', 'ankiStatus must be "made" or "not made"'],
  ])('answers 400 with the code for %s', async (query, message) => {
    expect(await insights(query)).toEqual({
      status: 400,
      body: { statusCode: 400, code: 'VALIDATION', message },
    });
  });

  it('answers 400 for paging, unknown, repeated, operator or huge parameters', async () => {
    for (const query of [
      '?limit=5',
      '?cursor=abc',
      '?groupBy=section',
      '?testId[$ne]=x',
      '?section=a&section=b',
      `?topicTag=${'t'.repeat(5000)}`,
    ]) {
      const answer = await insights(query);
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ statusCode: 400, code: 'VALIDATION' });
    }
  });
});
