/**
 * The Anki deck export (docs/adr/0023-anki-export.md): `GET /api/questions/export/anki` takes the
 * search's filters and answers an .apkg with an export id in a header; `POST
 * /api/questions/export/anki/mark` marks exactly that export's questions as Anki card made.
 */
import { z } from 'zod';
import { ANKI_MESSAGES } from '../messages/anki';
import { questionFilters } from './questions';

export const ANKI_EXPORT_FILE_NAME = 'mcat-missed-questions.apkg';

/** The media type of an Anki package (IANA's `application/vnd.anki`). */
export const ANKI_PACKAGE_TYPE = 'application/vnd.anki';

/** The export's answer header naming the stored set of exported question ids. */
export const ANKI_EXPORT_ID_HEADER = 'x-anki-export-id';

/** The export's answer header with the number of questions (notes) in the deck. */
export const ANKI_EXPORT_COUNT_HEADER = 'x-anki-export-count';

/** How long an export can be marked after it was made. */
export const ANKI_EXPORT_MARK_TTL_S = 24 * 60 * 60;

/** GET /api/questions/export/anki: the search's filters, without paging; any other answers 400. */
export const ankiExportQuerySchema = questionFilters.strict();
export type AnkiExportQuery = z.infer<typeof ankiExportQuerySchema>;

/** POST /api/questions/export/anki/mark: the export id the export answered with. */
export const ankiMarkSchema = z.strictObject({
  exportId: z.uuid({ error: ANKI_MESSAGES.exportIdInvalid }),
});
export type AnkiMarkBody = z.infer<typeof ankiMarkSchema>;

/** What marking answers: how many of the exported questions are now marked. */
export interface AnkiMarkResult {
  marked: number;
  message: string;
}
