import {
  BadRequestException,
  Controller,
  Get,
  PayloadTooLargeException,
  Post,
  Req,
  StreamableFile,
} from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { EXPORT_FILE_NAME, VALIDATION, type ImportResult } from '@mcat/contracts';
import { CurrentUser, type TokenClaims } from '@mcat/service-kit';
import { ExcelExportService } from './excel-export.service';
import { ExcelImportService } from './excel-import.service';
import { FILE_FIELD, WRONG_FILE_FIELD } from './multipart';
import { FILE_TOO_LARGE, MAX_IMPORT_BYTES } from './workbook-file';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

@Controller('api/tests')
export class ExcelController {
  constructor(
    private readonly exporter: ExcelExportService,
    private readonly importer: ExcelImportService,
  ) {}

  @Get('export/excel')
  async export(@CurrentUser() user: TokenClaims): Promise<StreamableFile> {
    return new StreamableFile(await this.exporter.export(user.sub), {
      type: XLSX_TYPE,
      disposition: `attachment; filename="${EXPORT_FILE_NAME}"`,
    });
  }

  /** Multipart upload, field `file`; a file under another field is refused with that field's name. */
  @Post('import/excel')
  async import(
    @CurrentUser() user: TokenClaims,
    @Req() request: FastifyRequest,
  ): Promise<ImportResult> {
    if (!request.isMultipart()) throw new BadRequestException(VALIDATION.excelFileOnly);
    const file = await request.file({
      limits: { fileSize: MAX_IMPORT_BYTES, files: 1, fields: 10, parts: 11 },
    });
    if (!file) throw new BadRequestException(VALIDATION.excelFileOnly);
    if (file.fieldname !== FILE_FIELD) throw new BadRequestException(WRONG_FILE_FIELD);
    let data: Buffer;
    try {
      data = await file.toBuffer();
    } catch (error) {
      if ((error as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE') {
        throw new PayloadTooLargeException(FILE_TOO_LARGE);
      }
      throw error;
    }
    return this.importer.import(user.sub, file.filename, data);
  }
}
