import type { CellValue } from 'exceljs';

export type CellText = string | number | Date | boolean | undefined;

/** A cell's plain value: formulas give their result, rich text and links their text. */
export function plainValue(value: CellValue): CellText {
  if (value === null || value === undefined) return undefined;
  if (
    value instanceof Date ||
    typeof value === 'string' ||
    typeof value === 'number' ||
    typeof value === 'boolean'
  ) {
    return value;
  }
  if ('richText' in value) return value.richText.map((part) => part.text).join('');
  if ('result' in value) return plainValue(value.result as CellValue);
  if ('text' in value && typeof value.text === 'string') return value.text;
  if ('error' in value) return String(value.error);
  return undefined;
}

export const isBlank = (value: CellText): boolean =>
  value === undefined || (typeof value === 'string' && value.trim() === '');

const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30);
const DAY_MS = 24 * 60 * 60 * 1000;
const LAST_EXCEL_SERIAL = 2958465;

const isRealDate = (y: number, m: number, d: number): boolean => {
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
};

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/**
 * A Date Taken cell as 'YYYY-MM-DD': an Excel date (read as its UTC calendar date), a date
 * serial number, MM/DD/YYYY text or ISO text. Undefined when it is none of these.
 */
export function calendarDate(value: CellText): string | undefined {
  if (value instanceof Date) {
    return Number.isNaN(value.getTime()) ? undefined : value.toISOString().slice(0, 10);
  }
  if (typeof value === 'number') {
    if (!Number.isInteger(value) || value < 1 || value > LAST_EXCEL_SERIAL) return undefined;
    return new Date(EXCEL_EPOCH_MS + value * DAY_MS).toISOString().slice(0, 10);
  }
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
  if (us) {
    const [m, d, y] = [Number(us[1]), Number(us[2]), Number(us[3])];
    return isRealDate(y, m, d) ? `${pad(y, 4)}-${pad(m)}-${pad(d)}` : undefined;
  }
  const iso = /^(\d{4})-(\d{2})-(\d{2})(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.exec(text);
  if (iso) {
    const [y, m, d] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
    return isRealDate(y, m, d) ? `${iso[1]}-${iso[2]}-${iso[3]}` : undefined;
  }
  return undefined;
}
