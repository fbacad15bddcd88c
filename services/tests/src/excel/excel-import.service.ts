import { Injectable } from '@nestjs/common';
import type { ImportResult } from '@mcat/contracts';
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
 * row identical to a test the user has (or to an earlier row) is skipped with a note. The plan
 * limit is checked for the whole file: over it, nothing is imported.
 */
@Injectable()
export class ExcelImportService {
  constructor(private readonly tests: TestsService) {}

  async import(userId: string, fileName: string, data: Buffer): Promise<ImportResult> {
    const sheet = await openWorksheet(fileName, data);
    const { rows, errors } = readRows(sheet, () => latestDateOnEarth());

    const known = new Set((await this.tests.existingFields(userId)).map(sameTestKey));
    const toCreate: TestFields[] = [];
    for (const row of rows) {
      const fields = toTestFields(row.body);
      const key = sameTestKey(fields);
      if (known.has(key)) {
        errors.push(`Row ${row.rowNumber}: skipped, identical to a test you already have`);
        continue;
      }
      known.add(key);
      toCreate.push(fields);
    }
    const tests = toCreate.length
      ? await this.tests.createMany(userId, toCreate, IMPORT_LIMITS)
      : [];
    return { tests, errors };
  }
}
