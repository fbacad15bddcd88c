/** The spreadsheet import's answers: a file refused whole (400) and the notes on rows it skipped. */
import { IMPORT_ROWS_MAX } from '../constants';

export const IMPORT_MESSAGES = {
  xlsNotSupported:
    'Old-format .xls workbooks cannot be imported. Please save the file as .xlsx (Excel Workbook) and try again.',
  unreadableWorkbook: 'The Excel file is damaged or could not be read.',
  tooManyRows: `The file has too many rows (at most ${IMPORT_ROWS_MAX})`,
  missingHeaders: (missing: readonly string[]): string =>
    `The first row must hold the column headers. Missing: ${missing.join(', ')}`,
  /** A row refused by a rule, the rule's text made specific to the row. */
  rowRefused: (rowNumber: number, text: string): string => `Row ${rowNumber}: ${text}`,
  rowDateUnreadable: (rowNumber: number): string =>
    `Row ${rowNumber}: Date Taken must be a date such as 01/15/2025`,
  rowAlreadyStored: (rowNumber: number): string =>
    `Row ${rowNumber}: skipped, identical to a test you already have`,
  rowRepeated: (rowNumber: number, firstRowNumber: number): string =>
    `Row ${rowNumber}: skipped, same as row ${firstRowNumber} of this file`,
} as const;
