import { Injectable } from '@nestjs/common';
import { Workbook } from 'exceljs';
import { TestsService } from '../tests/tests.service';
import { COLUMNS } from './excel-columns';

const DATE_FORMAT = 'mm/dd/yyyy';

/** The user's tests as an .xlsx: real Excel dates shown MM/DD/YYYY, a bold header row. */
@Injectable()
export class ExcelExportService {
  constructor(private readonly tests: TestsService) {}

  async export(userId: string): Promise<Buffer> {
    const workbook = new Workbook();
    const sheet = workbook.addWorksheet('Tests');
    sheet.columns = COLUMNS.map((c) => ({
      header: c.header,
      key: c.field,
      width: c.width,
      ...(c.field === 'dateTaken' ? { style: { numFmt: DATE_FORMAT } } : {}),
    }));
    sheet.getRow(1).font = { bold: true };
    for (const test of await this.tests.list(userId)) {
      sheet.addRow({
        dateTaken: new Date(test.dateTaken),
        source: test.source,
        totalScore: test.totalScore,
        ...test.subscores,
      });
    }
    return Buffer.from(await workbook.xlsx.writeBuffer());
  }
}
