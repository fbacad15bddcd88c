import {
  Body,
  Controller,
  Get,
  HttpCode,
  Post,
  Query,
  Res,
  StreamableFile,
  UseFilters,
} from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import {
  ANKI_EXPORT_COUNT_HEADER,
  ANKI_EXPORT_FILE_NAME,
  ANKI_EXPORT_ID_HEADER,
  ANKI_PACKAGE_TYPE,
  ankiExportQuerySchema,
  ankiMarkSchema,
  type AnkiExportQuery,
  type AnkiMarkBody,
  type AnkiMarkResult,
} from '@mcat/contracts';
import {
  CurrentUser,
  TooManyAttemptsFilter,
  ZodValidationPipe,
  type TokenClaims,
} from '@mcat/service-kit';
import { AnkiExportService } from './anki-export.service';

const exportQuery = new ZodValidationPipe(ankiExportQuerySchema);
const markBody = new ZodValidationPipe(ankiMarkSchema);

/** Fastify's router tries the static `export/anki` paths before the `:id` ones of QuestionsController. */
@Controller('api/questions')
export class AnkiExportController {
  constructor(private readonly anki: AnkiExportService) {}

  /**
   * The questions the search's filters select as `mcat-missed-questions.apkg`; the export id
   * header names the exported set for `export/anki/mark`. 429 with Retry-After past the account's
   * exports allowed.
   */
  @Get('export/anki')
  @UseFilters(TooManyAttemptsFilter)
  async export(
    @CurrentUser() user: TokenClaims,
    @Query(exportQuery) filters: AnkiExportQuery,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<StreamableFile> {
    const { file, count, exportId } = await this.anki.export(user.sub, filters);
    void reply.header(ANKI_EXPORT_COUNT_HEADER, String(count));
    if (exportId) void reply.header(ANKI_EXPORT_ID_HEADER, exportId);
    return new StreamableFile(file, {
      type: ANKI_PACKAGE_TYPE,
      disposition: `attachment; filename="${ANKI_EXPORT_FILE_NAME}"`,
      length: file.length,
    });
  }

  /** Marks exactly the questions of the export the id names (docs/adr/0023-anki-export.md). */
  @Post('export/anki/mark')
  @HttpCode(200)
  mark(
    @CurrentUser() user: TokenClaims,
    @Body(markBody) { exportId }: AnkiMarkBody,
  ): Promise<AnkiMarkResult> {
    return this.anki.mark(user.sub, exportId);
  }
}
