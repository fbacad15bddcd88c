import { deflateRawSync } from 'node:zlib';
import { Workbook } from 'exceljs';
import JSZip from 'jszip';
import {
  EXPORT_FILE_NAME,
  LIMITS,
  VALIDATION,
  type ImportResult,
  type Test,
} from '@mcat/contracts';
import { FILE_TOO_LARGE, UNREADABLE_WORKBOOK, XLS_NOT_SUPPORTED } from '../src/excel/workbook-file';
import { newUserId, startHarness, testBody, type TestsHarness } from './harness';

const HEADERS = ['Date Taken', 'Source', 'Total Score', 'Chem/Phys', 'CARS', 'Bio', 'Psych/Soc'];

async function workbook(rows: unknown[][], headers: string[] = HEADERS): Promise<Buffer> {
  const book = new Workbook();
  const sheet = book.addWorksheet('Tests');
  sheet.addRow(headers);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** A zip whose one entry claims a small size but inflates to 200 MB of zeros. */
function lyingZipBomb(): Buffer {
  const payload = deflateRawSync(Buffer.alloc(200 * 1024 * 1024), { level: 9 });
  const name = Buffer.from('xl/worksheets/sheet1.xml');
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(payload.length, 18);
  local.writeUInt32LE(1000, 22);
  local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(payload.length, 20);
  central.writeUInt32LE(1000, 24);
  central.writeUInt16LE(name.length, 28);
  central.writeUInt32LE(0, 42);
  const directoryOffset = local.length + name.length + payload.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + name.length, 12);
  end.writeUInt32LE(directoryOffset, 16);
  return Buffer.concat([local, name, payload, central, name, end]);
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
      'Row 7: skipped, identical to a test you already have',
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
      body: { statusCode: 403, message: LIMITS.freeTestsImport },
    });
    expect((await h.call<Test[]>(user, 'GET', '/api/tests')).body).toHaveLength(1);
  });

  it.each([
    ['notes.txt', Buffer.from('hello'), 400, VALIDATION.excelFileOnly],
    ['fake.xlsx', Buffer.from('not a zip at all'), 400, VALIDATION.excelFileOnly],
    [
      'old.xls',
      Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]),
      400,
      XLS_NOT_SUPPORTED,
    ],
  ])('refuses %s', async (name, data, status, message) => {
    expect(await h.upload(newUserId(), name, data)).toEqual({
      status,
      body: { statusCode: status, message },
    });
  });

  it('answers 413 for a file over 2 MB', async () => {
    const big = Buffer.alloc(2 * 1024 * 1024 + 10, 1);
    big.write('PK\u0003\u0004', 0, 'latin1');
    expect(await h.upload(newUserId(), 'big.xlsx', big)).toEqual({
      status: 413,
      body: { statusCode: 413, message: FILE_TOO_LARGE },
    });
  });

  it('answers a truncated workbook with 400', async () => {
    const file = await workbook([['01/02/2025', 'A', null, 125, 124, 126, 127]]);
    expect(await h.upload(newUserId(), 'cut.xlsx', file.subarray(0, file.length - 40))).toEqual({
      status: 400,
      body: { statusCode: 400, message: UNREADABLE_WORKBOOK },
    });
  });

  it.each([
    [
      'an honest zip bomb (1 GB declared)',
      async () => {
        const zip = new JSZip();
        zip.file('xl/worksheets/sheet1.xml', Buffer.alloc(300 * 1024 * 1024));
        return zip.generateAsync({
          type: 'nodebuffer',
          compression: 'DEFLATE',
          compressionOptions: { level: 9 },
        });
      },
    ],
    ['a zip bomb lying about its size', async () => lyingZipBomb()],
  ])(
    'answers %s with 400 within a second and without memory growth',
    async (_name, make) => {
      const bomb = await make();
      expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
      const rssBefore = process.memoryUsage().rss;
      const started = Date.now();
      const answer = await h.upload(newUserId(), 'bomb.xlsx', bomb);
      const took = Date.now() - started;
      expect(answer).toEqual({
        status: 400,
        body: { statusCode: 400, message: UNREADABLE_WORKBOOK },
      });
      expect(took).toBeLessThan(1000);
      expect(process.memoryUsage().rss - rssBefore).toBeLessThan(100 * 1024 * 1024);
    },
    60_000,
  );
});
