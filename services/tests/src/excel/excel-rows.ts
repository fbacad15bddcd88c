import { BadRequestException } from '@nestjs/common';
import type { Worksheet } from 'exceljs';
import {
  IMPORT_MESSAGES,
  IMPORT_ROWS_MAX,
  SECTIONS,
  testBodySchema,
  type TestBody,
  type TodayProvider,
} from '@mcat/contracts';
import { COLUMNS, headerKey, type ColumnField } from './excel-columns';
import { calendarDate, isBlank, plainValue, type CellText } from './excel-cells';

export interface ImportRow {
  rowNumber: number;
  body: TestBody;
}

export interface ReadRows {
  rows: ImportRow[];
  errors: string[];
}

/** Where each column is, found by header name; 400 naming the missing ones. */
function locateColumns(sheet: Worksheet): Map<ColumnField, number> {
  const byKey = new Map<string, number>();
  sheet.getRow(1).eachCell((cell, col) => {
    const text = plainValue(cell.value);
    if (typeof text === 'string') byKey.set(headerKey(text), col);
  });
  const located = new Map<ColumnField, number>();
  const missing: string[] = [];
  for (const column of COLUMNS) {
    const at = byKey.get(headerKey(column.header));
    if (at !== undefined) located.set(column.field, at);
    else if (column.required) missing.push(column.header);
  }
  if (missing.length > 0) {
    throw new BadRequestException(IMPORT_MESSAGES.missingHeaders(missing));
  }
  return located;
}

/** The schema's message made specific to the column: "Score must…" becomes "Chem/Phys score must…". */
function rowMessage(rowNumber: number, path: readonly PropertyKey[], message: string): string {
  const field = path[path.length - 1];
  const section = SECTIONS.find((s) => s.key === field);
  const label = section
    ? `${section.scoreLabel} score`
    : field === 'totalScore'
      ? 'Total score'
      : '';
  const text = label && message.startsWith('Score ') ? `${label}${message.slice(5)}` : message;
  return IMPORT_MESSAGES.rowRefused(rowNumber, text);
}

/** Every non-empty row of the first sheet, validated like a test form; errors name row and rule. */
export function readRows(sheet: Worksheet, today: TodayProvider): ReadRows {
  if (sheet.actualRowCount - 1 > IMPORT_ROWS_MAX) {
    throw new BadRequestException(IMPORT_MESSAGES.tooManyRows);
  }
  const columns = locateColumns(sheet);
  const schema = testBodySchema(today);
  const rows: ImportRow[] = [];
  const errors: string[] = [];

  sheet.eachRow((row, rowNumber) => {
    if (rowNumber === 1) return;
    const cell = (field: ColumnField): CellText => {
      const at = columns.get(field);
      return at === undefined ? undefined : plainValue(row.getCell(at).value);
    };
    const cells = COLUMNS.map((c) => cell(c.field));
    if (cells.every(isBlank)) return;

    const rawDate = cell('dateTaken');
    const dateTaken = calendarDate(rawDate);
    if (!isBlank(rawDate) && dateTaken === undefined) {
      errors.push(IMPORT_MESSAGES.rowDateUnreadable(rowNumber));
      return;
    }
    const source = cell('source');
    const total = cell('totalScore');
    const result = schema.safeParse({
      dateTaken,
      source: typeof source === 'number' ? String(source) : source,
      totalScore: isBlank(total) ? undefined : total,
      subscores: Object.fromEntries(SECTIONS.map((s) => [s.key, cell(s.key)])),
    });
    if (result.success) rows.push({ rowNumber, body: result.data });
    else errors.push(...result.error.issues.map((i) => rowMessage(rowNumber, i.path, i.message)));
  });
  return { rows, errors };
}
