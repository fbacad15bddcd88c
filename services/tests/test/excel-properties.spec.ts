import fc from 'fast-check';
import { Workbook, type CellValue } from 'exceljs';
import { PLAN_LIMITS, type ImportResult, type Test } from '@mcat/contracts';
import { isValidStoredTest, newUserId, startHarness, type TestsHarness } from './harness';

const HEADERS = ['Date Taken', 'Source', 'Total Score', 'Chem/Phys', 'CARS', 'Bio', 'Psych/Soc'];

/** A header as a user may type it: any case, extra spaces. */
const spelledHeader = (header: string) =>
  fc
    .tuple(fc.boolean(), fc.constantFrom('', ' ', '  '))
    .map(([upper, pad]) => `${pad}${upper ? header.toUpperCase() : header.toLowerCase()}${pad}`);

/** The header row: every column in any order and spelling; Total Score sometimes left out. */
const headerRow = fc
  .tuple(fc.shuffledSubarray(HEADERS, { minLength: HEADERS.length }), fc.boolean())
  .chain(([order, dropTotal]) =>
    fc.tuple(
      ...order
        .filter((header) => !(dropTotal && header === 'Total Score'))
        .map((header) => spelledHeader(header)),
    ),
  );

const day = fc.date({
  min: new Date('1990-01-01T00:00:00.000Z'),
  max: new Date('2035-12-31T00:00:00.000Z'),
  noInvalidDate: true,
});

/** Anything a spreadsheet cell may hold, biased towards almost-valid values. */
const cell: fc.Arbitrary<CellValue> = fc.oneof(
  fc.integer({ min: 110, max: 140 }),
  fc.integer({ min: 110, max: 140 }).map(String),
  fc.integer({ min: 470, max: 530 }),
  fc.double({ noNaN: true }),
  day,
  day.map((d) => d.toISOString().slice(0, 10)),
  day.map(
    (d) =>
      `${String(d.getUTCMonth() + 1).padStart(2, '0')}/${String(d.getUTCDate()).padStart(2, '0')}/${d.getUTCFullYear()}`,
  ),
  fc.integer({ min: -5, max: 3_000_000 }),
  fc.string({ maxLength: 110 }),
  fc.constantFrom('', '   ', '13/45/2025', '02/30/2025', '{"$gt":""}', 'AAMC FL 1'),
  fc.boolean(),
  fc.constant(null),
  fc.integer({ min: 118, max: 132 }).map((n): CellValue => ({ formula: `${n}+0`, result: n })),
  fc.string({ maxLength: 20 }).map((text): CellValue => ({ richText: [{ text }] })),
);

const pastDay = fc.date({
  min: new Date('2000-01-01T00:00:00.000Z'),
  max: new Date('2025-06-01T00:00:00.000Z'),
  noInvalidDate: true,
});

/** A row that is valid or nearly so, its cells in the order of the headers. */
const likelyValidRow = (headers: string[]): fc.Arbitrary<CellValue[]> =>
  fc.tuple(
    ...headers.map((header): fc.Arbitrary<CellValue> => {
      const key = header.trim().toLowerCase();
      if (key === 'date taken') {
        return fc.oneof(
          pastDay,
          pastDay.map((d) => d.toISOString().slice(0, 10)),
        );
      }
      if (key === 'source') return fc.oneof(fc.string({ minLength: 1, maxLength: 100 }), cell);
      if (key === 'total score') return fc.constant(null);
      return fc.oneof(fc.integer({ min: 118, max: 132 }), fc.integer({ min: 116, max: 134 }));
    }),
  );

async function workbookOf(headers: string[], rows: CellValue[][]): Promise<Buffer> {
  const book = new Workbook();
  const sheet = book.addWorksheet('Tests');
  sheet.addRow(headers);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

describe('Excel import properties', () => {
  let h: TestsHarness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());

  it('never answers 500 to any rows, stores only valid tests, and imports all or nothing', async () => {
    const sheet = headerRow.chain((headers) =>
      fc.tuple(
        fc.constant(headers),
        fc.array(fc.oneof(fc.array(cell, { maxLength: 8 }), likelyValidRow(headers)), {
          maxLength: 20,
        }),
      ),
    );
    await fc.assert(
      fc.asyncProperty(sheet, fc.boolean(), async ([headers, data], premium) => {
        const user = newUserId();
        h.auth.setUser(user, { isPremium: premium });
        const answer = await h.upload<ImportResult>(
          user,
          'rows.xlsx',
          await workbookOf(headers, data),
        );
        expect([201, 400, 403]).toContain(answer.status);
        const stored = (await h.call<Test[]>(user, 'GET', '/api/tests')).body;
        expect(stored.every(isValidStoredTest)).toBe(true);
        if (answer.status !== 201) {
          expect(stored).toEqual([]);
          return;
        }
        const limit = PLAN_LIMITS[premium ? 'premium' : 'free'].tests;
        expect(stored.length).toBeLessThanOrEqual(limit);
        expect(answer.body.tests.map((t) => t._id).sort()).toEqual(stored.map((t) => t._id).sort());
        for (const error of answer.body.errors) expect(error).toMatch(/^Row \d+: /);
      }),
      { numRuns: 80 },
    );
  }, 180_000);
});
