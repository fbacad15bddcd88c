import { MongoClient, ObjectId } from 'mongodb';
import {
  ERRORS,
  LIMITS,
  QUESTION_TEXT_MAX_LENGTH,
  TOO_LONG,
  TOPIC_TAG_MAX_LENGTH,
  TOPIC_TAGS_MAX,
  VALIDATION,
  type Question,
  type TestSummary,
} from '@mcat/contracts';
import {
  newUserId,
  postedQuestion,
  questionBody,
  startHarness,
  waitFor,
  type QuestionsHarness,
  type Replica,
} from './harness';

describe('questions API', () => {
  let h: QuestionsHarness;
  beforeAll(async () => {
    h = await startHarness();
  }, 60_000);
  afterAll(() => h.close());

  it('adds a question to a test created a moment ago, with the test populated', async () => {
    const user = newUserId();
    const testId = await h.newTest(user, '2025-02-03', 'Kaplan FL 2');
    const created = await h.call<Question>(user, 'POST', '/api/questions', {
      ...questionBody(testId),
      topicTags: ['  Enzymes ', '', 'enzymes', 'Biology'],
      unknownField: 'dropped',
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      test: { _id: testId, source: 'Kaplan FL 2', dateTaken: '2025-02-03T00:00:00.000Z' },
      topicTags: ['Enzymes', 'Biology'],
      ankiCardMade: false,
    });
    expect(created.body).not.toHaveProperty('unknownField');
    const list = await h.call<Question[]>(user, 'GET', '/api/questions');
    expect(list.body.map((q) => q._id)).toEqual([created.body._id]);
  });

  it('the list shows every change at once, on this replica and on another', async () => {
    const user = newUserId();
    const testId = await h.newTest(user);
    const replica = await h.startReplica();
    try {
      const ids = async () => {
        const here = await h.call<Question[]>(user, 'GET', '/api/questions');
        const there = await replica.call<Question[]>(user, 'GET', '/api/questions');
        expect(there).toEqual(here);
        return here.body.map((q) => [q._id, q.questionNumber, q.ankiCardMade]);
      };
      expect(await ids()).toEqual([]);
      const a = (await postedQuestion(h, user, testId))._id;
      expect(await ids()).toEqual([[a, 12, false]]);
      const b = (await postedQuestion(replica, user, testId, { questionNumber: 2 }))._id;
      expect(await ids()).toEqual([
        [b, 2, false],
        [a, 12, false],
      ]);
      await replica.call(user, 'PATCH', `/api/questions/${a}/anki`);
      await h.call(user, 'PUT', `/api/questions/${b}`, questionBody(testId, { questionNumber: 3 }));
      expect(await ids()).toEqual([
        [b, 3, false],
        [a, 12, true],
      ]);
      await replica.call(user, 'DELETE', `/api/questions/${b}`);
      expect(await ids()).toEqual([[a, 12, true]]);
    } finally {
      await replica.close();
    }
  });

  it("refuses another user's test as if it did not exist", async () => {
    const owner = newUserId();
    const testId = await h.newTest(owner);
    expect(await h.call(newUserId(), 'POST', '/api/questions', questionBody(testId))).toEqual({
      status: 404,
      body: { statusCode: 404, code: 'NOT_FOUND', message: ERRORS.testNotFound },
    });
  });

  it.each([
    [{ test: '' }, VALIDATION.testRequired],
    [{ section: 'Physics' }, VALIDATION.sectionRequired],
    [{ questionNumber: 0 }, VALIDATION.questionNumberPositive],
    [{ questionNumber: 1.5 }, VALIDATION.questionNumberInteger],
    [{ wrongAnswerReason: ' ' }, VALIDATION.wrongAnswerReasonRequired],
    [{ rightAnswerReason: '' }, VALIDATION.rightAnswerReasonRequired],
    [{ improvementPlan: '' }, VALIDATION.improvementPlanRequired],
  ])('answers 400 for %j with the spec message', async (override, message) => {
    const body = { ...questionBody('0123456789abcdef01234567'), ...override };
    expect(await h.call(newUserId(), 'POST', '/api/questions', body)).toEqual({
      status: 400,
      body: { statusCode: 400, code: 'VALIDATION', message },
    });
  });

  const over = QUESTION_TEXT_MAX_LENGTH + 1;
  it.each([
    ['wrongAnswerReason', { wrongAnswerReason: 'w'.repeat(over) }, TOO_LONG.wrongAnswerReason],
    ['rightAnswerReason', { rightAnswerReason: 'r'.repeat(over) }, TOO_LONG.rightAnswerReason],
    ['improvementPlan', { improvementPlan: 'i'.repeat(over) }, TOO_LONG.improvementPlan],
    ['a tag', { topicTags: ['t'.repeat(TOPIC_TAG_MAX_LENGTH + 1)] }, TOO_LONG.topicTag],
    [
      'the tags',
      { topicTags: Array.from({ length: TOPIC_TAGS_MAX + 1 }, (_, i) => `tag ${i}`) },
      TOO_LONG.topicTags,
    ],
  ])('answers 400 when %s is over its limit', async (_field, override, message) => {
    const body = { ...questionBody('0123456789abcdef01234567'), ...override };
    expect(await h.call(newUserId(), 'POST', '/api/questions', body)).toEqual({
      status: 400,
      body: { statusCode: 400, code: 'VALIDATION', message },
    });
  });

  it('toggles the Anki flag and finds questions by every filter', async () => {
    const user = newUserId();
    const t1 = await h.newTest(user, '2025-01-01');
    const t2 = await h.newTest(user, '2025-01-02');
    const a = await h.call<Question>(
      user,
      'POST',
      '/api/questions',
      questionBody(t1, { topicTags: ['Enzymes'] }),
    );
    const b = await h.call<Question>(
      user,
      'POST',
      '/api/questions',
      questionBody(t2, {
        section: 'Critical Analysis and Reasoning',
        mistakeType: 'Time Pressure',
        topicTags: ['CARS - Inference'],
      }),
    );
    const toggled = await h.call<Question>(user, 'PATCH', `/api/questions/${a.body._id}/anki`);
    expect(toggled.body.ankiCardMade).toBe(true);
    const ids = async (query: string) =>
      (await h.call<Question[]>(user, 'GET', `/api/questions/search?${query}`)).body.map(
        (q) => q._id,
      );
    expect(await ids('ankiStatus=made')).toEqual([a.body._id]);
    expect(await ids('ankiStatus=not%20made')).toEqual([b.body._id]);
    expect(await ids(`testId=${t2}`)).toEqual([b.body._id]);
    expect(await ids('section=Critical%20Analysis%20and%20Reasoning')).toEqual([b.body._id]);
    expect(await ids('mistakeType=Time%20Pressure')).toEqual([b.body._id]);
    expect(await ids('topicTag=ENZYMES')).toEqual([a.body._id]);
    expect(await ids('section=&mistakeType=&topicTag=')).toEqual([b.body._id, a.body._id]);
    expect((await h.call(user, 'GET', '/api/questions/search?ankiStatus=maybe')).status).toBe(400);
    expect((await h.call(user, 'GET', '/api/questions/search?section=Physics')).status).toBe(400);
    expect((await h.call<string[]>(user, 'GET', '/api/questions/tags')).body).toEqual([
      'CARS - Inference',
      'Enzymes',
    ]);
    const ofTest = await h.call<Question[]>(user, 'GET', `/api/questions/test/${t1}`);
    expect(ofTest.body.map((q) => q._id)).toEqual([a.body._id]);
  });

  it('updates and deletes a question; another user gets 404 on every route', async () => {
    const user = newUserId();
    const stranger = newUserId();
    const testId = await h.newTest(user);
    const q = await postedQuestion(h, user, testId);
    for (const [method, path, body] of [
      ['GET', `/api/questions/${q._id}`],
      ['PUT', `/api/questions/${q._id}`, questionBody(testId)],
      ['PATCH', `/api/questions/${q._id}/anki`],
      ['DELETE', `/api/questions/${q._id}`],
      ['GET', `/api/questions/test/${testId}`],
    ] as const) {
      expect((await h.call(stranger, method, path, body)).status).toBe(404);
    }
    const updated = await h.call<Question>(
      user,
      'PUT',
      `/api/questions/${q._id}`,
      questionBody(testId, { questionNumber: 40 }),
    );
    expect(updated.body.questionNumber).toBe(40);
    expect((await h.call(user, 'DELETE', `/api/questions/${q._id}`)).status).toBe(200);
    expect((await h.call(user, 'GET', `/api/questions/${q._id}`)).status).toBe(404);
  });

  it("a missing question id answers exactly like another user's question on every route", async () => {
    const user = newUserId();
    const testId = await h.newTest(user);
    const q = await postedQuestion(h, user, testId);
    const missing = new ObjectId().toHexString();
    const stranger = newUserId();
    // The stranger's PUT names a test of theirs, so that only the question decides the answer.
    const strangersTest = await h.newTest(stranger);
    const routes = [
      ['GET', ''],
      ['PUT', '', questionBody(strangersTest)],
      ['PATCH', '/anki'],
      ['DELETE', ''],
    ] as const;
    for (const [method, suffix, body] of routes) {
      const foreign = await h.call(stranger, method, `/api/questions/${q._id}${suffix}`, body);
      const absent = await h.call(stranger, method, `/api/questions/${missing}${suffix}`, body);
      expect({ method, foreign }).toEqual({
        method,
        foreign: {
          status: 404,
          body: { statusCode: 404, code: 'NOT_FOUND', message: ERRORS.questionNotFound },
        },
      });
      expect({ method, absent }).toEqual({ method, absent: foreign });
    }
    expect((await h.call<Question>(user, 'GET', `/api/questions/${q._id}`)).body).toEqual(q);
  });

  it("a test's new source and date show in its questions", async () => {
    const user = newUserId();
    const testId = await h.newTest(user, '2025-01-01', 'AAMC FL 1');
    await h.call(user, 'POST', '/api/questions', questionBody(testId));
    await h.callTests(user, 'PUT', `/api/tests/${testId}`, {
      dateTaken: '2025-01-05',
      source: 'AAMC FL 2',
      subscores: { chemPhys: 125, cars: 124, bio: 126, psychSoc: 127 },
    });
    await waitFor(async () => {
      const list = await h.call<Question[]>(user, 'GET', '/api/questions');
      const test = list.body[0]?.test as TestSummary;
      return test.source === 'AAMC FL 2' && test.dateTaken === '2025-01-05T00:00:00.000Z';
    });
  });

  it("deleting a test deletes its questions and frees the user's places", async () => {
    const user = newUserId();
    const testId = await h.newTest(user);
    const other = await h.newTest(user, '2025-01-20');
    await h.call(user, 'POST', '/api/questions', questionBody(testId));
    await h.call(user, 'POST', '/api/questions', questionBody(testId, { questionNumber: 2 }));
    const kept = await h.call<Question>(user, 'POST', '/api/questions', questionBody(other));
    await h.callTests(user, 'DELETE', `/api/tests/${testId}`);
    await waitFor(
      async () => (await h.call<Question[]>(user, 'GET', '/api/questions')).body.length === 1,
    );
    expect((await h.call<Question[]>(user, 'GET', '/api/questions')).body[0]?._id).toBe(
      kept.body._id,
    );
    expect((await h.call(user, 'GET', `/api/questions/test/${testId}`)).status).toBe(404);
    expect((await h.call(user, 'POST', '/api/questions', questionBody(testId))).status).toBe(404);
  });

  it("a deleted test's questions leave the lists kept by every replica; later changes still show", async () => {
    const user = newUserId();
    const testId = await h.newTest(user);
    const other = await h.newTest(user, '2025-01-20');
    const replica = await h.startReplica();
    try {
      const ids = async (on: Pick<Replica, 'call'>, path = '/api/questions') =>
        (await on.call<Question[]>(user, 'GET', path)).body.map((q) => q._id);
      await h.call(user, 'POST', '/api/questions', questionBody(testId));
      const kept = (await postedQuestion(h, user, other))._id;
      expect(await ids(h)).toHaveLength(2);
      expect(await ids(replica)).toHaveLength(2);
      await h.callTests(user, 'DELETE', `/api/tests/${testId}`);
      await waitFor(async () => (await ids(h)).length === 1);
      expect(await ids(h)).toEqual([kept]);
      expect(await ids(replica)).toEqual([kept]);
      expect(await ids(h, `/api/questions/search?testId=${other}`)).toEqual([kept]);
      const added = (await postedQuestion(replica, user, other, { questionNumber: 2 }))._id;
      expect(await ids(h)).toEqual([added, kept]);
      expect(await ids(replica)).toEqual([added, kept]);
    } finally {
      await replica.close();
    }
  });

  it("a list rebuilt before a deleted test's questions are physically gone does not show them", async () => {
    const user = newUserId();
    const doomedTest = await h.newTest(user);
    const other = await h.newTest(user, '2025-01-20');
    await h.call(user, 'POST', '/api/questions', questionBody(doomedTest));
    const kept = (await h.call<Question>(user, 'POST', '/api/questions', questionBody(other))).body;
    await h.callTests(user, 'DELETE', `/api/tests/${doomedTest}`);
    const client = await MongoClient.connect(h.questionsMongoUrl);
    try {
      const stored = client.db().collection('questions');
      await waitFor(async () => (await stored.countDocuments({ testId: doomedTest })) === 0);
      // What a rebuild meets during the cascade: the test is marked deleted, its questions stored.
      await stored.insertOne({
        userId: user,
        testId: doomedTest,
        section: 'Chemical and Physical Foundations',
        questionNumber: 5,
        mistakeType: '',
        wrongAnswerReason: 'Still stored',
        rightAnswerReason: 'Still stored',
        improvementPlan: 'Still stored',
        ankiCardMade: false,
        topicTags: [],
        topicTagKeys: [],
        createdAt: new Date(),
      });
    } finally {
      await client.close();
    }
    // A change that is not made in the kept list: the next read rebuilds it from the database.
    await h.call(user, 'PATCH', `/api/questions/${kept._id}/anki`);
    const ids = async (path: string) =>
      (await h.call<Question[]>(user, 'GET', path)).body.map((q) => q._id);
    expect(await ids('/api/questions')).toEqual([kept._id]);
    expect(await ids(`/api/questions/search?testId=${doomedTest}`)).toEqual([]);
  });

  it('a test deleted while questions is stopped has its questions gone within 5 s of the restart', async () => {
    const user = newUserId();
    const testId = await h.newTest(user);
    await h.call(user, 'POST', '/api/questions', questionBody(testId));
    await h.stopQuestions();
    expect((await h.callTests(user, 'DELETE', `/api/tests/${testId}`)).status).toBe(200);
    await h.startQuestions();
    const took = await waitFor(
      async () => (await h.call<Question[]>(user, 'GET', '/api/questions')).body.length === 0,
      5000,
    );
    expect(took).toBeLessThan(5000);
  }, 30_000);

  it('30 simultaneous creates by a free user at 290 questions leave exactly 300', async () => {
    const user = newUserId();
    h.auth.setUser(user);
    const testId = await h.newTest(user);
    for (let i = 0; i < 290; i += 1) {
      await h.call(user, 'POST', '/api/questions', questionBody(testId, { questionNumber: i + 1 }));
    }
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        h.call(user, 'POST', '/api/questions', questionBody(testId, { questionNumber: 500 + i })),
      ),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(10);
    expect(answers.find((a) => a.status === 403)?.body).toEqual({
      statusCode: 403,
      code: 'PLAN_LIMIT_QUESTIONS',
      message: LIMITS.freeQuestions,
      plan: 'free',
    });
    expect((await h.call<Question[]>(user, 'GET', '/api/questions')).body).toHaveLength(300);
    h.auth.setUser(user, { isPremium: true });
    expect((await h.call(user, 'POST', '/api/questions', questionBody(testId))).status).toBe(201);
  }, 120_000);
});
