/**
 * Issue 15, through the gateway: the question lists answered a page at a time with `limit` and
 * `cursor` (docs/api-paging.md). Pages walk the whole list with no gap or repeat, the search pages
 * with its filters, the whole-list answers stay arrays, hostile values answer 400 with the
 * contracts' messages, and another student's cursor shows only the caller's questions.
 */
import { encodeQuestionCursor, type Question, type QuestionPage } from '@mcat/contracts';
import { base64url, hostilePagingQueries, PAGING_PLACE } from '@mcat/test-support/hostile-paging';
import { register } from '@mcat/test-support/system/accounts';
import { GatewayClient, type GatewayResponse } from '@mcat/test-support/system/gateway-client';
import { createTest, questionBody, TEST_SAMPLES } from '@mcat/test-support/system/study-data';

const gateway = new GatewayClient();
const QUESTIONS = 7;

const ids = (questions: readonly Question[]) => questions.map((q) => q._id);

/** A new student with one test and QUESTIONS questions, every third with its Anki card made. */
async function studentWithQuestions(): Promise<{ token: string; list: Question[] }> {
  const { token } = await register(gateway);
  const test = await createTest(gateway, token, TEST_SAMPLES[0]);
  for (let i = 0; i < QUESTIONS; i += 1) {
    const created = await gateway.post(
      '/api/questions',
      questionBody(test._id, { questionNumber: i + 1, ankiCardMade: i % 3 === 0 }),
      token,
    );
    expect(created.status).toBe(201);
  }
  const list = await gateway.get<Question[]>('/api/questions', token);
  expect(list.status).toBe(200);
  expect(Array.isArray(list.body)).toBe(true);
  return { token, list: list.body };
}

/** Every page of the list at `path` (which has a query already), following nextCursor. */
async function walk(path: string, limit: number, token: string): Promise<QuestionPage[]> {
  const pages: QuestionPage[] = [];
  let cursor: string | null = null;
  do {
    const after: string = cursor === null ? '' : `&cursor=${cursor}`;
    const page: GatewayResponse<QuestionPage> = await gateway.get<QuestionPage>(
      `${path}limit=${limit}${after}`,
      token,
    );
    expect(page.status).toBe(200);
    pages.push(page.body);
    cursor = page.body.nextCursor;
    if (pages.length > 50) throw new Error(`${path} never ends`);
  } while (cursor !== null);
  return pages;
}

describe('question lists a page at a time', () => {
  it('pages walk the whole list in its order, with no gap or repeat, and count all of it', async () => {
    const { token, list } = await studentWithQuestions();
    expect(list).toHaveLength(QUESTIONS);
    for (const limit of [1, 3, QUESTIONS, 200]) {
      const pages = await walk('/api/questions?', limit, token);
      expect(pages.flatMap((page) => page.questions)).toEqual(list);
      expect(pages).toHaveLength(Math.ceil(QUESTIONS / limit));
      expect(pages.map((page) => page.total)).toEqual(pages.map(() => QUESTIONS));
    }
  });

  it('the search pages through its matches only; without limit it answers the whole array', async () => {
    const { token, list } = await studentWithQuestions();
    const made = await gateway.get<Question[]>('/api/questions/search?ankiStatus=made', token);
    expect(made.body).toEqual(list.filter((q) => q.ankiCardMade));
    const pages = await walk('/api/questions/search?ankiStatus=made&', 2, token);
    expect(pages.flatMap((page) => page.questions)).toEqual(made.body);
    expect(pages.every((page) => page.total === made.body.length)).toBe(true);
  });

  it("another student's cursor answers only the caller's own questions", async () => {
    const owner = await studentWithQuestions();
    const caller = await studentWithQuestions();
    const ownersCursor = (await walk('/api/questions?', 3, owner.token))[0]?.nextCursor;
    const future = encodeQuestionCursor({
      createdAt: '2999-01-01T00:00:00.000Z',
      id: ids(owner.list)[0] ?? '',
    });
    for (const cursor of [ownersCursor, future]) {
      const page = await gateway.get<QuestionPage>(
        `/api/questions?limit=200&cursor=${cursor}`,
        caller.token,
      );
      expect(page.status).toBe(200);
      expect(page.body.total).toBe(QUESTIONS);
      for (const id of ids(page.body.questions)) {
        expect(ids(caller.list)).toContain(id);
        expect(ids(owner.list)).not.toContain(id);
      }
    }
  });

  const HOSTILE = hostilePagingQueries(
    ['0', '-1', '201', '1.5', 'abc', '', '9'.repeat(2000)],
    [
      ['empty', ''],
      ['huge', 'A'.repeat(5000)],
      ['a forged id', base64url(`${PAGING_PLACE.createdAt} ${'z'.repeat(24)}`)],
      ['another shape', base64url(JSON.stringify(PAGING_PLACE))],
    ],
  );

  let student: string;
  beforeAll(async () => {
    student = (await register(gateway)).token;
  });

  it.each(HOSTILE)('answers 400 to %s on both lists', async (_what, query, message) => {
    for (const path of ['/api/questions', '/api/questions/search']) {
      const answer = await gateway.get(`${path}?${query}`, student);
      expect({ path, status: answer.status, body: answer.body }).toEqual({
        path,
        status: 400,
        body: { statusCode: 400, code: 'VALIDATION', message },
      });
    }
  });
});
