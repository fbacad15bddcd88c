import { MongoClient } from 'mongodb';
import {
  REQUEST_MESSAGES,
  encodeQuestionCursor,
  QUESTION_PAGE_LIMIT_MAX,
  SECTION_NAMES,
  type Question,
  type QuestionPage,
} from '@mcat/contracts';
import {
  base64url,
  hostilePagingQueries,
  PAGING_PLACE,
  type HostileQuery,
} from '@mcat/test-support/hostile-paging';
import {
  newUserId,
  questionBody,
  startHarness,
  type Answer,
  type QuestionsHarness,
} from './harness';

const ids = (questions: readonly Question[]) => questions.map((q) => q._id);

/** Questions stored with one timestamp: the order between them is the id's. */
const SHARING_A_TIMESTAMP = 7;

describe('question list pages (limit and cursor)', () => {
  let h: QuestionsHarness;
  beforeAll(async () => {
    h = await startHarness();
  }, 60_000);
  afterAll(() => h.close());

  const whole = async (user: string, path = '/api/questions'): Promise<Question[]> => {
    const answer = await h.call<Question[]>(user, 'GET', path);
    expect(answer.status).toBe(200);
    expect(Array.isArray(answer.body)).toBe(true);
    return answer.body;
  };

  /** Every page of the list at `path`, following nextCursor until it is null. */
  const walk = async (user: string, path: string, limit: number): Promise<QuestionPage[]> => {
    const pages: QuestionPage[] = [];
    let cursor: string | null = null;
    do {
      const paging: string = `limit=${limit}${cursor === null ? '' : `&cursor=${cursor}`}`;
      const answer: Answer<QuestionPage> = await h.call<QuestionPage>(
        user,
        'GET',
        `${path}${path.includes('?') ? '&' : '?'}${paging}`,
      );
      expect(answer.status).toBe(200);
      pages.push(answer.body);
      cursor = answer.body.nextCursor;
      if (pages.length > 100) throw new Error(`${path} never ends at limit ${limit}`);
    } while (cursor !== null);
    return pages;
  };

  /**
   * Two tests with 8 questions made through the API, and 7 more stored with one timestamp (as
   * questions created in the same millisecond are); the list is then rebuilt from the database.
   */
  const seed = async (user: string) => {
    const first = await h.newTest(user, '2025-01-01', 'AAMC FL 1');
    const second = await h.newTest(user, '2025-02-01', 'Kaplan FL 2');
    const made: Question[] = [];
    for (let i = 0; i < 8; i += 1) {
      const created = await h.call<Question>(
        user,
        'POST',
        '/api/questions',
        questionBody(i % 2 === 0 ? first : second, {
          questionNumber: i + 1,
          section: SECTION_NAMES[i % SECTION_NAMES.length],
          ankiCardMade: i % 3 === 0,
          topicTags: i % 2 === 0 ? ['Enzymes'] : ['Optics'],
        }),
      );
      expect(created.status).toBe(201);
      made.push(created.body);
    }
    const shared = new Date(Date.parse(made[3].createdAt) - 1);
    const client = await MongoClient.connect(h.questionsMongoUrl);
    try {
      await client
        .db()
        .collection('questions')
        .insertMany(
          Array.from({ length: SHARING_A_TIMESTAMP }, (_, i) => ({
            userId: user,
            testId: i % 2 === 0 ? first : second,
            section: SECTION_NAMES[i % SECTION_NAMES.length],
            questionNumber: 100 + i,
            mistakeType: '',
            wrongAnswerReason: 'Stored directly',
            rightAnswerReason: 'Stored directly',
            improvementPlan: 'Stored directly',
            ankiCardMade: i % 2 === 0,
            topicTags: ['Enzymes'],
            topicTagKeys: ['enzymes'],
            createdAt: shared,
          })),
        );
    } finally {
      await client.close();
    }
    // A change the kept list is not edited for: the next read rebuilds it from the database.
    await h.call(user, 'PATCH', `/api/questions/${made[0]._id}/anki`);
    return { first, second, shared: shared.toISOString() };
  };

  it('pages walk the whole list in its order, with no gap or repeat, where questions share a timestamp', async () => {
    const user = newUserId();
    const { shared } = await seed(user);
    const list = await whole(user);
    expect(list).toHaveLength(8 + SHARING_A_TIMESTAMP);
    expect(list.filter((q) => q.createdAt === shared)).toHaveLength(SHARING_A_TIMESTAMP);
    for (const limit of [1, 2, 3, 4, 7, 14, 15, 16, QUESTION_PAGE_LIMIT_MAX]) {
      const pages = await walk(user, '/api/questions', limit);
      expect({ limit, walked: pages.flatMap((page) => page.questions) }).toEqual({
        limit,
        walked: list,
      });
      expect(pages).toHaveLength(Math.ceil(list.length / limit));
      expect(pages.every((page) => page.total === list.length)).toBe(true);
      expect(pages.every((page) => page.questions.length <= limit)).toBe(true);
    }
  });

  it('without limit both routes answer the whole list, as before paging', async () => {
    const user = newUserId();
    await seed(user);
    const list = await whole(user);
    expect(await whole(user, '/api/questions?sort=oldest')).toEqual(list);
    expect(await whole(user, '/api/questions/search')).toEqual(list);
    expect(await whole(user, '/api/questions/search?section=&topicTag=')).toEqual(list);
    const made = await whole(user, '/api/questions/search?ankiStatus=made');
    expect(made.length).toBeGreaterThan(0);
    expect(made.every((q) => q.ankiCardMade)).toBe(true);
  });

  it('the search pages through the matching questions only, with their total', async () => {
    const user = newUserId();
    const { first } = await seed(user);
    const searches = [
      `section=${encodeURIComponent(SECTION_NAMES[1])}`,
      'ankiStatus=made',
      'ankiStatus=not%20made&topicTag=ENZYMES',
      `testId=${first}&topicTag=enzymes`,
      'mistakeType=Other',
    ];
    for (const search of searches) {
      const path = `/api/questions/search?${search}`;
      const matching = await whole(user, path);
      const pages = await walk(user, path, 2);
      expect({ search, walked: pages.flatMap((page) => page.questions) }).toEqual({
        search,
        walked: matching,
      });
      expect(pages.every((page) => page.total === matching.length)).toBe(true);
    }
    expect(await walk(user, '/api/questions/search?mistakeType=Other', 5)).toEqual([
      { questions: [], total: 0, nextCursor: null },
    ]);
  });

  it('the next page starts right after the cursor, though its question was deleted and another added', async () => {
    const user = newUserId();
    const { first } = await seed(user);
    const before = await whole(user);
    const firstPage = (await h.call<QuestionPage>(user, 'GET', '/api/questions?limit=4')).body;
    expect(firstPage.questions).toEqual(before.slice(0, 4));
    await h.call(user, 'DELETE', `/api/questions/${firstPage.questions[3]._id}`);
    const added = (await h.call<Question>(user, 'POST', '/api/questions', questionBody(first)))
      .body;
    const next = await h.call<QuestionPage>(
      user,
      'GET',
      `/api/questions?limit=4&cursor=${firstPage.nextCursor}`,
    );
    expect(next.status).toBe(200);
    expect(ids(next.body.questions)).toEqual(ids(before.slice(4, 8)));
    expect(next.body.total).toBe(before.length);
    const fresh = (await h.call<QuestionPage>(user, 'GET', '/api/questions?limit=4')).body;
    expect(fresh.questions[0]._id).toBe(added._id);
  });

  it("another user's cursor answers only the caller's own questions", async () => {
    const owner = newUserId();
    await seed(owner);
    const ownersIds = ids(await whole(owner));
    const caller = newUserId();
    const callersTest = await h.newTest(caller);
    for (let i = 0; i < 3; i += 1) {
      await h.call(caller, 'POST', '/api/questions', questionBody(callersTest));
    }
    const callersIds = ids(await whole(caller));
    const ownersCursors = (await walk(owner, '/api/questions', 3))
      .map((page) => page.nextCursor)
      .filter((cursor): cursor is string => cursor !== null);
    const future = encodeQuestionCursor({
      createdAt: '2999-01-01T00:00:00.000Z',
      id: ownersIds[0],
    });
    for (const cursor of [...ownersCursors, future]) {
      for (const path of ['/api/questions?', '/api/questions/search?ankiStatus=not%20made&']) {
        const answer = await h.call<QuestionPage>(
          caller,
          'GET',
          `${path}limit=50&cursor=${cursor}`,
        );
        expect(answer.status).toBe(200);
        expect(answer.body.total).toBe(callersIds.length);
        for (const id of ids(answer.body.questions)) {
          expect(callersIds).toContain(id);
          expect(ownersIds).not.toContain(id);
        }
      }
    }
    const fromTheFuture = await h.call<QuestionPage>(
      caller,
      'GET',
      `/api/questions?limit=50&cursor=${future}`,
    );
    expect(ids(fromTheFuture.body.questions)).toEqual(callersIds);
  });

  const HOSTILE: HostileQuery[] = [
    ...hostilePagingQueries(
      ['0', '-1', '201', '1.5', 'abc', '', ' 5', '1e2', '9'.repeat(5000)],
      [
        ['empty', ''],
        ['not base64url', '%21%21%21'],
        ['huge', 'A'.repeat(5000)],
        ['a forged id', base64url(`${PAGING_PLACE.createdAt} ${'z'.repeat(24)}`)],
        ['an operator for an id', base64url(`${PAGING_PLACE.createdAt} {"$gt":""}`)],
        ['another shape', base64url(JSON.stringify(PAGING_PLACE))],
        ['padded', `${encodeQuestionCursor(PAGING_PLACE)}%3D`],
      ],
    ),
    ['two limits', 'limit=5&limit=6', REQUEST_MESSAGES.structuredQuery],
    ['an operator for a cursor', 'limit=5&cursor[$gt]=', REQUEST_MESSAGES.structuredQuery],
  ];

  it.each(HOSTILE)('answers 400 to %s on both lists', async (_what, query, message) => {
    const user = newUserId();
    const testId = await h.newTest(user);
    await h.call(user, 'POST', '/api/questions', questionBody(testId));
    for (const path of ['/api/questions', '/api/questions/search']) {
      expect({ path, answer: await h.call(user, 'GET', `${path}?${query}`) }).toEqual({
        path,
        answer: { status: 400, body: { statusCode: 400, code: 'VALIDATION', message } },
      });
    }
  });
});
