import multipart from '@fastify/multipart';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { MAX_IMPORT_BYTES } from './workbook-file';

/** The multipart field the import reads the workbook from (spec: "multipart form with field file"). */
export const FILE_FIELD = 'file';
export const WRONG_FILE_FIELD = `The Excel file must be sent in the form field "${FILE_FIELD}".`;

/** Lets the import route read multipart uploads; files past the size limit are cut off. */
export async function registerMultipart(app: NestFastifyApplication): Promise<void> {
  await app.register(multipart, {
    limits: { fileSize: MAX_IMPORT_BYTES, files: 1, fields: 10, parts: 11 },
  });
}
