/**
 * Issue 4, through the gateway: a question added the instant its test exists, the cascade of a
 * test's deletion to its questions, export from one account imported into another, and the free
 * plan's test limit.
 */
import {
  EXPORT_FILE_NAME,
  LIMITS,
  VALIDATION,
  type ImportResult,
  type Question,
  type Test,
} from '@mcat/contracts';
import { register } from '@mcat/test-support/system/accounts';
import { GatewayClient } from '@mcat/test-support/system/gateway-client';
import {
  createTest,
  questionBody,
  testBody,
  TEST_SAMPLES,
} from '@mcat/test-support/system/study-data';

const gateway = new GatewayClient();
const CASCADE_LIMIT_MS = 5000;

const testIdOf = (question: Question): string =>
  typeof question.test === 'string' ? question.test : question.test._id;

/** What makes two tests the same test, whoever owns them. */
const comparable = (test: Test) => ({
  dateTaken: test.dateTaken,
  source: test.source,
  subscores: test.subscores,
  totalScore: test.totalScore,
});

describe('a test and its missed questions', () => {
  it('takes a question the instant the test exists, and drops it within 5 s of the test going', async () => {
    const { token } = await register(gateway);
    const kept = await createTest(gateway, token, TEST_SAMPLES[0]);
    const doomed = await createTest(gateway, token, TEST_SAMPLES[1]);

    const added = await gateway.post<Question>('/api/questions', questionBody(doomed._id), token);
    expect(added.status).toBe(201);
    const other = await gateway.post<Question>('/api/questions', questionBody(kept._id), token);
    expect(other.status).toBe(201);

    const listed = await gateway.get<Question[]>('/api/questions', token);
    expect(listed.body.map(testIdOf).sort()).toEqual([kept._id, doomed._id].sort());
    const populated = listed.body.find((q) => testIdOf(q) === doomed._id);
    expect(populated?.test).toEqual({
      _id: doomed._id,
      source: doomed.source,
      dateTaken: doomed.dateTaken,
    });

    const deleted = await gateway.delete(`/api/tests/${doomed._id}`, token);
    expect(deleted.status).toBeLessThan(300);
    const deletedAt = Date.now();

    let remaining: Question[] = listed.body;
    while (remaining.some((q) => testIdOf(q) === doomed._id)) {
      expect(Date.now() - deletedAt).toBeLessThan(CASCADE_LIMIT_MS);
      await new Promise((resolve) => setTimeout(resolve, 100));
      remaining = (await gateway.get<Question[]>('/api/questions', token)).body;
    }
    expect(remaining.map(testIdOf)).toEqual([kept._id]);
    expect((await gateway.get(`/api/questions/${added.body._id}`, token)).status).toBe(404);
    expect((await gateway.get(`/api/tests/${doomed._id}`, token)).status).toBe(404);
  });
});

describe('export and import', () => {
  it('reproduces one account’s tests in another', async () => {
    const first = await register(gateway);
    const created = [
      await createTest(gateway, first.token, TEST_SAMPLES[0]),
      await createTest(gateway, first.token, TEST_SAMPLES[1]),
    ];

    const exported = await gateway.get('/api/tests/export/excel', first.token);
    expect(exported.status).toBe(200);
    expect(exported.headers['content-type']).toContain('spreadsheetml');
    expect(exported.headers['content-disposition']).toContain(EXPORT_FILE_NAME);
    expect(exported.raw.subarray(0, 2).toString()).toBe('PK');

    const second = await register(gateway);
    const imported = await gateway.upload<ImportResult>(
      '/api/tests/import/excel',
      {
        field: 'file',
        filename: EXPORT_FILE_NAME,
        contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        content: exported.raw,
      },
      second.token,
    );
    expect(imported.status).toBeLessThan(300);
    expect(imported.body.errors).toEqual([]);
    expect(imported.body.tests).toHaveLength(2);

    const listed = await gateway.get<Test[]>('/api/tests', second.token);
    const byDate = (a: { dateTaken: string }, b: { dateTaken: string }) =>
      a.dateTaken.localeCompare(b.dateTaken);
    expect(listed.body.map(comparable).sort(byDate)).toEqual(created.map(comparable).sort(byDate));
    expect(listed.body.every((test) => test.userId === second.user._id)).toBe(true);
  });

  it('answers a file that is not a spreadsheet with the spec message', async () => {
    const { token } = await register(gateway);
    const refused = await gateway.upload(
      '/api/tests/import/excel',
      {
        field: 'file',
        filename: 'notes.txt',
        contentType: 'text/plain',
        content: Buffer.from('hi'),
      },
      token,
    );
    expect({ status: refused.status, body: refused.body }).toEqual({
      status: 400,
      body: { statusCode: 400, code: 'VALIDATION', message: VALIDATION.excelFileOnly },
    });
  });
});

describe('the free plan', () => {
  it('refuses a third test with the spec message and keeps two', async () => {
    const { token } = await register(gateway);
    await createTest(gateway, token, TEST_SAMPLES[0]);
    await createTest(gateway, token, TEST_SAMPLES[1]);
    const third = await gateway.post('/api/tests', testBody(TEST_SAMPLES[2]), token);
    expect({ status: third.status, body: third.body }).toEqual({
      status: 403,
      body: { statusCode: 403, code: 'PLAN_LIMIT_TESTS', message: LIMITS.freeTests, plan: 'free' },
    });
    expect((await gateway.get<Test[]>('/api/tests', token)).body).toHaveLength(2);
  });
});
