import {
  BadRequestException,
  Controller,
  Get,
  HttpException,
  PayloadTooLargeException,
  Post,
  Req,
  StreamableFile,
} from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { EXPORT_FILE_NAME, REQUEST_MESSAGES, VALIDATION, type ImportResult } from '@mcat/contracts';
import { CurrentUser, type TokenClaims } from '@mcat/service-kit';
import { ExcelExportService } from './excel-export.service';
import { ExcelImportService } from './excel-import.service';
import { FILE_FIELD, UPLOAD_LIMITS, WRONG_FILE_FIELD } from './multipart';

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

  /**
   * Multipart upload, field `file`; a file under another field is refused with that field's name.
   * A form that cannot be read (no boundary, cut off, a broken part header) is the client's
   * mistake: 400, never a 500.
   */
  @Post('import/excel')
  async import(
    @CurrentUser() user: TokenClaims,
    @Req() request: FastifyRequest,
  ): Promise<ImportResult> {
    if (!request.isMultipart()) throw new BadRequestException(VALIDATION.excelFileOnly);
    const { filename, data } = await readUpload(request);
    return this.importer.import(user.sub, filename, data);
  }
}

async function readUpload(request: FastifyRequest): Promise<{ filename: string; data: Buffer }> {
  try {
    const file = await request.file({ limits: UPLOAD_LIMITS });
    if (!file) throw new BadRequestException(VALIDATION.excelFileOnly);
    if (file.fieldname !== FILE_FIELD) throw new BadRequestException(WRONG_FILE_FIELD);
    return { filename: file.filename, data: await file.toBuffer() };
  } catch (error) {
    throw uploadFailure(error);
  }
}

/** What a failure while reading the upload answers. */
function uploadFailure(error: unknown): HttpException {
  if (error instanceof HttpException) return error;
  if ((error as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE') {
    return new PayloadTooLargeException(REQUEST_MESSAGES.importFileTooLarge);
  }
  const status = (error as { statusCode?: unknown }).statusCode;
  if (status === 413) return new PayloadTooLargeException(REQUEST_MESSAGES.bodyTooLarge);
  return new BadRequestException(REQUEST_MESSAGES.malformedUpload);
}
