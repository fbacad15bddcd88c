import { Injectable } from '@nestjs/common';
import { IMPORT_MESSAGES, type ImportResult } from '@mcat/contracts';
import { latestDateOnEarth } from '../tests/calendar';
import { IMPORT_LIMITS, TestsService, toTestFields, type TestFields } from '../tests/tests.service';
import { readRows } from './excel-rows';
import { openWorksheet } from './workbook-file';

const sameTestKey = (t: TestFields): string =>
  [
    t.dateTaken.toISOString().slice(0, 10),
    t.source,
    t.subscores.chemPhys,
    t.subscores.cars,
    t.subscores.bio,
    t.subscores.psychSoc,
  ].join('|');

/**
 * Imports tests from an .xlsx: valid rows become tests, invalid rows are reported by number, a
 * row identical to a test the user has, or to an earlier row of the file, is skipped with a note
 * saying which. The plan limit is checked for the whole file: over it, nothing is imported.
 */
@Injectable()
export class ExcelImportService {
  constructor(private readonly tests: TestsService) {}

  async import(userId: string, fileName: string, data: Buffer): Promise<ImportResult> {
    const sheet = await openWorksheet(fileName, data);
    const { rows, errors } = readRows(sheet, () => latestDateOnEarth());

    const existing = new Set((await this.tests.existingFields(userId)).map(sameTestKey));
    const firstRowOf = new Map<string, number>();
    const toCreate: TestFields[] = [];
    for (const row of rows) {
      const fields = toTestFields(row.body);
      const key = sameTestKey(fields);
      const firstRow = firstRowOf.get(key);
      if (existing.has(key)) {
        errors.push(IMPORT_MESSAGES.rowAlreadyStored(row.rowNumber));
      } else if (firstRow !== undefined) {
        errors.push(IMPORT_MESSAGES.rowRepeated(row.rowNumber, firstRow));
      } else {
        firstRowOf.set(key, row.rowNumber);
        toCreate.push(fields);
      }
    }
    const tests = toCreate.length
      ? await this.tests.createMany(userId, toCreate, IMPORT_LIMITS)
      : [];
    return { tests, errors };
  }
}
