import { Workbook } from 'exceljs';
import {
  EXPORT_FILE_NAME,
  IMPORT_FILE_MAX_BYTES,
  IMPORT_MESSAGES,
  LIMITS,
  REQUEST_MESSAGES,
  SOURCE_MAX_LENGTH,
  VALIDATION,
  type ImportResult,
  type Test,
} from '@mcat/contracts';
import { newUserId, startHarness, testBody, type TestsHarness } from './harness';
import { honestZipBomb, lyingZipBomb } from './zip-bombs';

const HEADERS = ['Date Taken', 'Source', 'Total Score', 'Chem/Phys', 'CARS', 'Bio', 'Psych/Soc'];

async function workbook(rows: unknown[][], headers: string[] = HEADERS): Promise<Buffer> {
  const book = new Workbook();
  const sheet = book.addWorksheet('Tests');
  sheet.addRow(headers);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

describe('Excel export and import', () => {
  let h: TestsHarness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());

  it('exports mcat-tests.xlsx with real dates and a bold header; another account imports the same tests', async () => {
    const from = newUserId();
    h.auth.setUser(from, { isPremium: true });
    await h.call(from, 'POST', '/api/tests', testBody('2025-01-15', 'AAMC FL 1'));
    await h.call(from, 'POST', '/api/tests', {
      ...testBody('2024-12-31', 'Blueprint FL 3'),
      subscores: { chemPhys: 118, cars: 132, bio: 130, psychSoc: 121 },
    });
    const response = await fetch(`${h.url}/api/tests/export/excel`, {
      headers: { authorization: h.issuer.bearer({ sub: from }) },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toContain(EXPORT_FILE_NAME);
    const file = Buffer.from(await response.arrayBuffer());

    const book = new Workbook();
    await book.xlsx.load(file as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet?.getRow(1).values).toEqual([undefined, ...HEADERS]);
    expect(sheet?.getRow(1).font?.bold).toBe(true);
    expect(sheet?.getCell('A2').value).toEqual(new Date('2025-01-15T00:00:00.000Z'));
    expect(sheet?.getCell('A2').numFmt).toBe('mm/dd/yyyy');

    const to = newUserId();
    const imported = await h.upload<ImportResult>(to, EXPORT_FILE_NAME, file);
    expect(imported.status).toBe(201);
    expect(imported.body.errors).toEqual([]);
    const strip = (tests: Test[]) =>
      tests.map(({ dateTaken, source, subscores, totalScore }) => ({
        dateTaken,
        source,
        subscores,
        totalScore,
      }));
    const original = await h.call<Test[]>(from, 'GET', '/api/tests');
    const copy = await h.call<Test[]>(to, 'GET', '/api/tests');
    expect(strip(copy.body)).toEqual(strip(original.body));
  });

  it('reads headers by name in any order and case, every date form, and reports bad rows by number', async () => {
    const user = newUserId();
    h.auth.setUser(user, { isPremium: true });
    const file = await workbook(
      [
        [125, 'aamc fl 4', new Date(Date.UTC(2025, 0, 2)), 124, 126, 127, null],
        ['125', 'Kaplan FL 1', '01/20/2025', '124', 126, 127, 502],
        [117, 'Kaplan FL 2', '2025-01-21', 124, 126, 127, null],
        [],
        [125, 'Kaplan FL 3', 'someday', 124, 126, 127, null],
        [125, 'Kaplan FL 1', '01/20/2025', 124, 126, 127, null],
      ],
      ['chem / phys', 'SOURCE', ' date  taken ', 'Cars', 'bio', 'psych/soc', 'total score'],
    );
    const result = await h.upload<ImportResult>(user, 'mine.xlsx', file);
    expect(result.status).toBe(201);
    expect(
      result.body.tests.map((t) => [t.dateTaken.slice(0, 10), t.source, t.totalScore]),
    ).toEqual([
      ['2025-01-02', 'aamc fl 4', 502],
      ['2025-01-20', 'Kaplan FL 1', 502],
    ]);
    expect(result.body.errors).toEqual([
      'Row 4: Chem/Phys score must be at least 118',
      'Row 6: Date Taken must be a date such as 01/15/2025',
      'Row 7: skipped, same as row 3 of this file',
    ]);
  });

  it('imports nothing past the free limit and answers the import message', async () => {
    const user = newUserId();
    h.auth.setUser(user);
    await h.call(user, 'POST', '/api/tests', testBody('2025-01-01'));
    const file = await workbook([
      ['01/02/2025', 'A', null, 125, 124, 126, 127],
      ['01/03/2025', 'B', null, 125, 124, 126, 127],
    ]);
    expect(await h.upload(user, 'two.xlsx', file)).toEqual({
      status: 403,
      body: {
        statusCode: 403,
        code: 'PLAN_LIMIT_TESTS',
        message: LIMITS.freeTestsImport,
        plan: 'free',
      },
    });
    expect((await h.call<Test[]>(user, 'GET', '/api/tests')).body).toHaveLength(1);
  });

  it('imports nothing past the premium limit, answers the 15-test message and keeps the free place', async () => {
    const user = newUserId();
    h.auth.setUser(user, { isPremium: true });
    for (let day = 1; day <= 14; day += 1) {
      const date = `2025-01-${String(day).padStart(2, '0')}`;
      expect((await h.call(user, 'POST', '/api/tests', testBody(date))).status).toBe(201);
    }
    const two = await workbook([
      ['02/01/2025', 'A', null, 125, 124, 126, 127],
      ['02/02/2025', 'B', null, 125, 124, 126, 127],
    ]);
    expect(await h.upload(user, 'two.xlsx', two)).toEqual({
      status: 403,
      body: {
        statusCode: 403,
        code: 'PLAN_LIMIT_TESTS',
        message:
          'You have reached the maximum limit of 15 tests. Please delete some tests before adding new ones.',
        plan: 'premium',
      },
    });
    expect((await h.call<Test[]>(user, 'GET', '/api/tests')).body).toHaveLength(14);

    const one = await workbook([['02/01/2025', 'A', null, 125, 124, 126, 127]]);
    const imported = await h.upload<ImportResult>(user, 'one.xlsx', one);
    expect(imported.status).toBe(201);
    expect(imported.body.tests.map((t) => t.source)).toEqual(['A']);
    expect((await h.call<Test[]>(user, 'GET', '/api/tests')).body).toHaveLength(15);
  });

  it('skips rows identical to a test the user has, and rows repeating an earlier row, each with its own note', async () => {
    const user = newUserId();
    h.auth.setUser(user, { isPremium: true });
    await h.call(user, 'POST', '/api/tests', testBody('2025-01-15', 'AAMC FL 1'));
    const file = await workbook([
      ['01/15/2025', 'AAMC FL 1', null, 125, 124, 126, 127],
      ['01/16/2025', 'AAMC FL 2', null, 125, 124, 126, 127],
      ['01/16/2025', 'AAMC FL 3', null, 125, 124, 126, 127],
      ['2025-01-16', 'AAMC FL 2', 502, 125, 124, 126, 127],
      ['01/15/2025', 'AAMC FL 1', 502, 125, 124, 126, 127],
      ['01/16/2025', 'AAMC FL 2', null, 125, 124, 126, 127],
    ]);
    const result = await h.upload<ImportResult>(user, 'repeats.xlsx', file);
    expect(result.status).toBe(201);
    expect(result.body.tests.map((t) => t.source)).toEqual(['AAMC FL 2', 'AAMC FL 3']);
    expect(result.body.errors).toEqual([
      'Row 2: skipped, identical to a test you already have',
      'Row 5: skipped, same as row 3 of this file',
      'Row 6: skipped, identical to a test you already have',
      'Row 7: skipped, same as row 3 of this file',
    ]);
    const stored = await h.call<Test[]>(user, 'GET', '/api/tests');
    expect(stored.body.map((t) => t.source).sort()).toEqual([
      'AAMC FL 1',
      'AAMC FL 2',
      'AAMC FL 3',
    ]);
  });

  it('answers 400 naming the field to use when the file is sent under another field', async () => {
    const user = newUserId();
    const file = await workbook([['01/02/2025', 'A', null, 125, 124, 126, 127]]);
    expect(await h.upload(user, 'mine.xlsx', file, 'upload')).toEqual({
      status: 400,
      body: {
        statusCode: 400,
        code: 'VALIDATION',
        message: 'The Excel file must be sent in the form field "file".',
      },
    });
    expect((await h.call<Test[]>(user, 'GET', '/api/tests')).body).toEqual([]);
  });

  it.each([
    ['notes.txt', Buffer.from('hello'), 400, VALIDATION.excelFileOnly],
    ['fake.xlsx', Buffer.from('not a zip at all'), 400, VALIDATION.excelFileOnly],
    [
      'old.xls',
      Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]),
      400,
      IMPORT_MESSAGES.xlsNotSupported,
    ],
  ])('refuses %s', async (name, data, status, message) => {
    expect(await h.upload(newUserId(), name, data)).toEqual({
      status,
      body: { statusCode: status, code: 'VALIDATION', message },
    });
  });

  it('answers 413 for a file over 2 MB', async () => {
    const big = Buffer.alloc(2 * 1024 * 1024 + 10, 1);
    big.write('PK\u0003\u0004', 0, 'latin1');
    expect(await h.upload(newUserId(), 'big.xlsx', big)).toEqual({
      status: 413,
      body: {
        statusCode: 413,
        code: 'PAYLOAD_TOO_LARGE',
        message: REQUEST_MESSAGES.importFileTooLarge,
      },
    });
  });

  it('takes a file of exactly 2 MB (2 MiB) to the workbook check', async () => {
    const most = Buffer.alloc(IMPORT_FILE_MAX_BYTES, 1);
    most.write('PK\u0003\u0004', 0, 'latin1');
    expect(await h.upload(newUserId(), 'most.xlsx', most)).toEqual({
      status: 400,
      body: { statusCode: 400, code: 'VALIDATION', message: IMPORT_MESSAGES.unreadableWorkbook },
    });
  });

  const postRaw = async (contentType: string, body: string) => {
    const response = await fetch(`${h.url}/api/tests/import/excel`, {
      method: 'POST',
      headers: {
        authorization: h.issuer.bearer({ sub: newUserId() }),
        'content-type': contentType,
      },
      body,
    });
    return { status: response.status, body: (await response.json()) as unknown };
  };

  it.each([
    [
      'a form that never closes its boundary',
      'multipart/form-data; boundary=b',
      '--b\r\nContent-Disposition: form-data; name="file"; filename="a.xlsx"\r\n\r\nPK',
    ],
    [
      'a part header cut off',
      'multipart/form-data; boundary=b',
      '--b\r\nContent-Disposition: form-da',
    ],
    ['a multipart type without a boundary', 'multipart/form-data', 'PK'],
  ])('answers %s with 400 and a clear message', async (_case, contentType, body) => {
    expect(await postRaw(contentType, body)).toEqual({
      status: 400,
      body: { statusCode: 400, code: 'VALIDATION', message: REQUEST_MESSAGES.malformedUpload },
    });
  });

  it('answers a text/plain body with 415', async () => {
    expect(await postRaw('text/plain', 'Date Taken,Source')).toEqual({
      status: 415,
      body: {
        statusCode: 415,
        code: 'UNSUPPORTED_MEDIA_TYPE',
        message: REQUEST_MESSAGES.unsupportedContentType,
      },
    });
  });

  it('refuses a row whose source is over 100 characters, as the form does', async () => {
    const user = newUserId();
    const file = await workbook([
      ['01/02/2025', 's'.repeat(SOURCE_MAX_LENGTH + 1), null, 125, 124, 126, 127],
      ['01/03/2025', 's'.repeat(SOURCE_MAX_LENGTH), null, 125, 124, 126, 127],
    ]);
    const result = await h.upload<ImportResult>(user, 'long.xlsx', file);
    expect(result.status).toBe(201);
    expect(result.body.errors).toEqual([`Row 2: ${VALIDATION.sourceTooLong}`]);
    expect(result.body.tests.map((t) => t.source)).toEqual(['s'.repeat(SOURCE_MAX_LENGTH)]);
  });

  it('answers a truncated workbook with 400', async () => {
    const file = await workbook([['01/02/2025', 'A', null, 125, 124, 126, 127]]);
    expect(await h.upload(newUserId(), 'cut.xlsx', file.subarray(0, file.length - 40))).toEqual({
      status: 400,
      body: { statusCode: 400, code: 'VALIDATION', message: IMPORT_MESSAGES.unreadableWorkbook },
    });
  });

  it.each([
    ['an honest zip bomb (1 GB declared and inflating to 1 GB)', () => honestZipBomb(1024)],
    ['a zip bomb declaring 1000 bytes that inflates to 200 MB', () => lyingZipBomb(200)],
  ])(
    'answers %s with 400 within a second and without memory growth',
    async (_name, make) => {
      const bomb = make();
      expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
      const rssBefore = process.memoryUsage().rss;
      const started = Date.now();
      const answer = await h.upload(newUserId(), 'bomb.xlsx', bomb);
      const took = Date.now() - started;
      expect(answer).toEqual({
        status: 400,
        body: { statusCode: 400, code: 'VALIDATION', message: IMPORT_MESSAGES.unreadableWorkbook },
      });
      expect(took).toBeLessThan(1000);
      expect(process.memoryUsage().rss - rssBefore).toBeLessThan(100 * 1024 * 1024);
    },
    60_000,
  );
});
