/**
 * Issue 18, insights through the gateway: the counts of a known set of questions, the filters,
 * another student's questions never counted, bad parameters answered 400 with a code, and no token
 * answered 401.
 */
import { SECTION_NAMES, type Insights, type Question } from '@mcat/contracts';
import { register } from '@mcat/test-support/system/accounts';
import { GatewayClient } from '@mcat/test-support/system/gateway-client';
import { createTest, questionBody, TEST_SAMPLES } from '@mcat/test-support/system/study-data';

const gateway = new GatewayClient();
const [CP, CARS, BIO, PS] = SECTION_NAMES;

describe('GET /api/questions/insights', () => {
  let token: string;
  let first: string;
  let second: string;

  beforeAll(async () => {
    ({ token } = await register(gateway));
    // Created newest first: overTime is by the date taken.
    second = (await createTest(gateway, token, TEST_SAMPLES[1]))._id;
    first = (await createTest(gateway, token, TEST_SAMPLES[0]))._id;
    const bodies = [
      questionBody(first, { section: CP, mistakeType: 'Careless Error', topicTags: ['Optics'] }),
      questionBody(first, { section: CP, mistakeType: 'Careless Error', topicTags: ['Optics'] }),
      questionBody(first, { section: BIO, mistakeType: 'Content Gap', topicTags: ['Enzymes'] }),
      questionBody(second, { section: CARS, mistakeType: '', topicTags: [] }),
      questionBody(second, {
        section: BIO,
        mistakeType: 'Content Gap',
        topicTags: ['enzymes', 'Genetics'],
        ankiCardMade: true,
      }),
    ];
    for (const body of bodies) {
      const created = await gateway.post<Question>('/api/questions', body, token);
      expect(created.status).toBe(201);
    }
  });

  const insights = (query = '', as = token) =>
    gateway.get<Insights>(`/api/questions/insights${query}`, as);

  it('adds up the student’s questions by section, mistake type, tag and test', async () => {
    const answer = await insights();
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      bySection: [
        { section: CP, count: 2 },
        { section: CARS, count: 1 },
        { section: BIO, count: 2 },
        { section: PS, count: 0 },
      ],
      byMistakeType: [
        // A tie keeps the catalog's order.
        { mistakeType: 'Content Gap', count: 2 },
        { mistakeType: 'Careless Error', count: 2 },
        { mistakeType: '', count: 1 },
      ],
      byTag: [
        { tag: 'enzymes', count: 2 },
        { tag: 'Optics', count: 2 },
        { tag: 'Genetics', count: 1 },
      ],
      overTime: [
        {
          testId: first,
          dateTaken: `${TEST_SAMPLES[0].dateTaken}T00:00:00.000Z`,
          source: TEST_SAMPLES[0].source,
          counts: { 'Careless Error': 2, 'Content Gap': 1 },
        },
        {
          testId: second,
          dateTaken: `${TEST_SAMPLES[1].dateTaken}T00:00:00.000Z`,
          source: TEST_SAMPLES[1].source,
          counts: { '': 1, 'Content Gap': 1 },
        },
      ],
    });
  });

  it('is narrowed by every search filter', async () => {
    const bio = await insights(`?section=${encodeURIComponent(BIO)}`);
    expect(bio.body.byMistakeType).toEqual([{ mistakeType: 'Content Gap', count: 2 }]);
    const test = await insights(`?testId=${second}`);
    expect(test.body.overTime.map((t) => t.testId)).toEqual([second]);
    const careless = await insights('?mistakeType=Careless%20Error');
    expect(careless.body.bySection.map((s) => s.count)).toEqual([2, 0, 0, 0]);
    const made = await insights('?ankiStatus=made');
    expect(made.body.byTag.map((t) => t.tag).sort()).toEqual(['Genetics', 'enzymes']);
    const tag = await insights('?topicTag=ENZYMES');
    expect(tag.body.overTime.map((t) => t.testId)).toEqual([first, second]);
  });

  it('never counts another student’s questions', async () => {
    const other = await register(gateway);
    const theirs = await createTest(gateway, other.token, TEST_SAMPLES[2]);
    await gateway.post('/api/questions', questionBody(theirs._id, { section: PS }), other.token);
    const mine = await insights();
    expect(mine.body.bySection[3]).toEqual({ section: PS, count: 0 });
    expect(mine.body.overTime.map((t) => t.testId)).not.toContain(theirs._id);
    const theirView = await insights('', other.token);
    expect(theirView.body.bySection.map((s) => s.count)).toEqual([0, 0, 0, 1]);
    // My test as their filter finds nothing of mine.
    const probing = await insights(`?testId=${first}`, other.token);
    expect(probing.status).toBe(200);
    expect(probing.body.overTime).toEqual([]);
  });

  it.each([
    ['a section that does not exist', '?section=Physics'],
    ['a mistake type that does not exist', '?mistakeType=Sloppy'],
    ['a bad test id', '?testId=not-an-id'],
    ['an operator in place of a value', '?testId[$ne]=x'],
    ['a repeated parameter', '?section=a&section=b'],
    ['a huge tag', `?topicTag=${'t'.repeat(5000)}`],
    ['an unknown parameter', '?groupBy=section'],
    ['a paging parameter', '?limit=10'],
  ])('answers 400 with a code for %s', async (_case, query) => {
    const answer = await insights(query);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ statusCode: 400, code: 'VALIDATION' });
  });

  it('answers 401 without a token', async () => {
    const answer = await gateway.get<{ code: string }>('/api/questions/insights');
    expect(answer.status).toBe(401);
    expect(answer.body.code).toBe('UNAUTHENTICATED');
  });
});
