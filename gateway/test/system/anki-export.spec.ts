/**
 * Issue 18, the Anki deck export through the gateway: a real package (a zip holding Anki's SQLite
 * collection) with one note per question, the same note ids and guids in a second export, the
 * search filters, another student's questions never in it, marking exactly the exported
 * questions, bad input answered 400 with a code, no token answered 401, and an account's exports
 * past the limit answered 429.
 */
import JSZip from 'jszip';
import initSqlJs from 'sql.js';
import {
  ANKI_EXPORT_COUNT_HEADER,
  ANKI_EXPORT_FILE_NAME,
  ANKI_EXPORT_ID_HEADER,
  ANKI_MESSAGES,
  ANKI_PACKAGE_TYPE,
  SECTION_NAMES,
  type AnkiMarkResult,
  type Question,
  tooManyAttempts,
} from '@mcat/contracts';
import { register } from '@mcat/test-support/system/accounts';
import { GatewayClient, type GatewayResponse } from '@mcat/test-support/system/gateway-client';
import { createTest, questionBody, TEST_SAMPLES } from '@mcat/test-support/system/study-data';

const gateway = new GatewayClient();
const [CP, , BIO] = SECTION_NAMES;

interface Note {
  id: number;
  guid: string;
  tags: string;
  flds: string;
}

/** The notes of a package, read with jszip and sql.js (Anki's schema: the `notes` table). */
async function notesOf(file: Buffer): Promise<Note[]> {
  const zip = await JSZip.loadAsync(file);
  expect(await zip.file('media')?.async('string')).toBe('{}');
  const collection = await zip.file('collection.anki2')?.async('uint8array');
  if (!collection) throw new Error('no collection.anki2 in the package');
  const SQL = await initSqlJs();
  const db = new SQL.Database(collection);
  try {
    const [result] = db.exec('SELECT id, guid, tags, flds FROM notes ORDER BY id');
    const tables = db.exec("SELECT name FROM sqlite_master WHERE type = 'table'")[0]?.values.flat();
    expect(tables).toEqual(expect.arrayContaining(['col', 'notes', 'cards', 'revlog', 'graves']));
    const cards = db.exec('SELECT count(*) FROM cards')[0]?.values[0]?.[0];
    const notes = (result?.values ?? []).map(
      ([id, guid, tags, flds]) =>
        ({ id: Number(id), guid: String(guid), tags: String(tags), flds: String(flds) }) as Note,
    );
    expect(cards).toBe(notes.length);
    return notes;
  } finally {
    db.close();
  }
}

const exportDeck = (token: string, query = '', headers: Record<string, string> = {}) =>
  gateway.request('GET', `/api/questions/export/anki${query}`, { token, headers });

const mark = (token: string, body: unknown) =>
  gateway.post<AnkiMarkResult>('/api/questions/export/anki/mark', body, token);

const exportIdOf = (answer: GatewayResponse<unknown>): string => {
  const id = answer.headers[ANKI_EXPORT_ID_HEADER];
  if (typeof id !== 'string') throw new Error('no export id header');
  return id;
};

describe('the Anki deck export', () => {
  let token: string;
  let questions: Question[];
  let otherToken: string;

  beforeAll(async () => {
    ({ token } = await register(gateway));
    const first = (await createTest(gateway, token, TEST_SAMPLES[0]))._id;
    const second = (await createTest(gateway, token, TEST_SAMPLES[1]))._id;
    const bodies = [
      questionBody(first, {
        section: CP,
        questionNumber: 3,
        mistakeType: 'Careless Error',
        wrongAnswerReason: '<b>bold</b> & "quoted"',
        topicTags: ['Amino acids'],
      }),
      questionBody(first, { section: BIO, questionNumber: 9, topicTags: ['Enzymes'] }),
      questionBody(second, { section: CP, questionNumber: 21, topicTags: [] }),
    ];
    questions = [];
    for (const body of bodies) {
      const created = await gateway.post<Question>('/api/questions', body, token);
      expect(created.status).toBe(201);
      questions.push(created.body);
    }
    ({ token: otherToken } = await register(gateway));
    const theirs = (await createTest(gateway, otherToken, TEST_SAMPLES[2]))._id;
    const created = await gateway.post<Question>(
      '/api/questions',
      questionBody(theirs, { wrongAnswerReason: 'NOT YOURS' }),
      otherToken,
    );
    expect(created.status).toBe(201);
  });

  it('downloads a real Anki package with one note per question, escaped, the same ids twice', async () => {
    const answer = await exportDeck(token, '', { 'accept-encoding': 'br, gzip' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe(ANKI_PACKAGE_TYPE);
    expect(answer.headers['content-disposition']).toBe(
      `attachment; filename="${ANKI_EXPORT_FILE_NAME}"`,
    );
    // Passed through as the service wrote it: a zip is not compressed again.
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.headers[ANKI_EXPORT_COUNT_HEADER]).toBe('3');
    expect(answer.raw.subarray(0, 2).toString('latin1')).toBe('PK');

    const notes = await notesOf(answer.raw);
    expect(notes).toHaveLength(3);
    const text = notes.map((n) => n.flds).join('\n');
    expect(text).toContain('&lt;b&gt;bold&lt;/b&gt; &amp; &quot;quoted&quot;');
    expect(text).not.toContain('<b>bold</b>');
    expect(text).not.toContain('NOT YOURS');
    expect(text).toContain(`${TEST_SAMPLES[0].source} (${TEST_SAMPLES[0].dateTaken})`);
    expect(notes.map((n) => n.tags)).toContain(' Amino_acids mistake::Careless_Error ');

    const again = await notesOf((await exportDeck(token)).raw);
    expect(again.map((n) => [n.id, n.guid])).toEqual(notes.map((n) => [n.id, n.guid]));
    expect(new Set(notes.map((n) => n.guid)).size).toBe(3);
  });

  it('applies the search filters, and never shows another student’s questions', async () => {
    const bio = await exportDeck(token, `?section=${encodeURIComponent(BIO)}`);
    expect(bio.headers[ANKI_EXPORT_COUNT_HEADER]).toBe('1');
    expect((await notesOf(bio.raw))[0]?.flds).toContain(`${BIO}, question 9`);
    const tagged = await exportDeck(token, '?topicTag=amino%20acids');
    expect(await notesOf(tagged.raw)).toHaveLength(1);

    const theirs = await exportDeck(otherToken);
    const notes = await notesOf(theirs.raw);
    expect(notes).toHaveLength(1);
    expect(notes[0]?.flds).toContain('NOT YOURS');
  });

  it('marks exactly the exported questions, and only the caller can', async () => {
    const answer = await exportDeck(token, `?section=${encodeURIComponent(CP)}`);
    const exportId = exportIdOf(answer);

    const stranger = await mark(otherToken, { exportId });
    expect(stranger.status).toBe(404);
    expect(stranger.body).toMatchObject({
      code: 'NOT_FOUND',
      message: ANKI_MESSAGES.exportUnknown,
    });

    const marked = await mark(token, { exportId });
    expect(marked.status).toBe(200);
    expect(marked.body).toEqual({ marked: 2, message: ANKI_MESSAGES.marked(2) });

    const list = await gateway.get<Question[]>('/api/questions', token);
    const made = Object.fromEntries(list.body.map((q) => [q._id, q.ankiCardMade]));
    expect(made).toEqual({
      [questions[0]._id]: true,
      [questions[1]._id]: false,
      [questions[2]._id]: true,
    });
    const theirs = await gateway.get<Question[]>('/api/questions', otherToken);
    expect(theirs.body.every((q) => !q.ankiCardMade)).toBe(true);
  });

  it('answers bad input 400 with a code, and no token 401', async () => {
    for (const query of [
      '?section=Astrology',
      '?testId=not-an-id',
      '?ankiStatus=maybe',
      '?limit=10',
      `?topicTag=${'x'.repeat(5000)}`,
    ]) {
      const refused = await gateway.get<{ code: string }>(
        `/api/questions/export/anki${query}`,
        token,
      );
      expect(refused.status).toBe(400);
      expect(refused.body.code).toBe('VALIDATION');
    }
    for (const body of [
      {},
      { exportId: 42 },
      { exportId: 'not-a-uuid' },
      { exportId: '8f9c2a5e-5d43-4c1f-9a59-0d3c4d3f6a11', extra: 1 },
      { exportId: 'x'.repeat(100_000) },
    ]) {
      const refused = await mark(token, body);
      expect(refused.status).toBe(400);
      expect((refused.body as unknown as { code: string }).code).toBe('VALIDATION');
    }
    expect((await mark(token, { exportId: '8f9c2a5e-5d43-4c1f-9a59-0d3c4d3f6a11' })).status).toBe(
      404,
    );
    expect((await gateway.get('/api/questions/export/anki')).status).toBe(401);
    expect(
      (
        await gateway.post('/api/questions/export/anki/mark', {
          exportId: '8f9c2a5e-5d43-4c1f-9a59-0d3c4d3f6a11',
        })
      ).status,
    ).toBe(401);
  });

  it('an account asking for more than 20 decks in ten minutes is told to wait (429, Retry-After)', async () => {
    const { token: eager } = await register(gateway);
    const answers: number[] = [];
    for (let i = 0; i < 20; i += 1) answers.push((await exportDeck(eager)).status);
    expect(answers.every((status) => status === 200)).toBe(true);
    const refused = await exportDeck(eager);
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(refused.body).toEqual({
      statusCode: 429,
      code: 'RATE_LIMITED',
      message: tooManyAttempts(retryAfter),
    });
    expect((await exportDeck(token)).status).toBe(200);
  });
});
