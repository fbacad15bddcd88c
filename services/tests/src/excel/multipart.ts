import multipart from '@fastify/multipart';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { IMPORT_FILE_MAX_BYTES } from '@mcat/contracts';

/** The route of the upload, the one route of the service that takes a multipart body. */
export const IMPORT_ROUTE = '/api/tests/import/excel';

/** The multipart field the import reads the workbook from (spec: "multipart form with field file"). */
export const FILE_FIELD = 'file';
export const WRONG_FILE_FIELD = `The Excel file must be sent in the form field "${FILE_FIELD}".`;

/** A file past IMPORT_FILE_MAX_BYTES is cut off (and answered 413); one file, a few fields. */
export const UPLOAD_LIMITS = {
  fileSize: IMPORT_FILE_MAX_BYTES,
  files: 1,
  fields: 10,
  parts: 11,
} as const;

/** Lets the import route read multipart uploads; files past the size limit are cut off. */
export async function registerMultipart(app: NestFastifyApplication): Promise<void> {
  await app.register(multipart, {
    limits: UPLOAD_LIMITS,
  });
}
