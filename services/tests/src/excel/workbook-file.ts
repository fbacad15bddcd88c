import { BadRequestException } from '@nestjs/common';
import { Workbook, type Worksheet } from 'exceljs';
import { IMPORT_MESSAGES, VALIDATION } from '@mcat/contracts';
import { assertSafeZip, UnsafeArchiveError } from './zip-guard';

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const OLE_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

const startsWith = (data: Buffer, magic: Buffer): boolean =>
  data.length >= magic.length && data.subarray(0, magic.length).equals(magic);

/**
 * The uploaded workbook's first sheet. Only .xlsx is read (docs/adr/0007-excel-import.md): a
 * legacy .xls is answered with a request to save it as .xlsx, anything else with the spec's
 * "Please select an Excel file" message, and the archive is checked before exceljs opens it.
 */
export async function openWorksheet(fileName: string, data: Buffer): Promise<Worksheet> {
  const name = fileName.toLowerCase();
  if (name.endsWith('.xls') || startsWith(data, OLE_MAGIC)) {
    throw new BadRequestException(IMPORT_MESSAGES.xlsNotSupported);
  }
  if (!name.endsWith('.xlsx') || !startsWith(data, ZIP_MAGIC)) {
    throw new BadRequestException(VALIDATION.excelFileOnly);
  }
  try {
    assertSafeZip(data);
  } catch (error) {
    if (error instanceof UnsafeArchiveError)
      throw new BadRequestException(IMPORT_MESSAGES.unreadableWorkbook);
    throw error;
  }
  const workbook = new Workbook();
  try {
    await workbook.xlsx.load(data as unknown as ArrayBuffer);
  } catch {
    throw new BadRequestException(IMPORT_MESSAGES.unreadableWorkbook);
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new BadRequestException(IMPORT_MESSAGES.unreadableWorkbook);
  return sheet;
}
