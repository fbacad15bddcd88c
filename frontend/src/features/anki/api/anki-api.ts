/**
 * The Anki deck export (docs/adr/0023-anki-export.md): the deck of the questions the filters
 * select, as an object URL to save, with the export's id; and marking exactly that export's
 * questions as Anki card made, which refreshes every question list shown.
 */
import {
  ANKI_EXPORT_COUNT_HEADER,
  ANKI_EXPORT_ID_HEADER,
  type AnkiMarkResult,
  type QuestionSearch,
} from '@mcat/contracts';
import type { FetchBaseQueryMeta } from '@reduxjs/toolkit/query/react';
import { api } from '../../../lib/api';
import { objectUrlResponse } from '../../../lib/download';

export interface AnkiDeckDownload {
  objectUrl: string;
  /** How many questions the deck holds. */
  count: number;
  /** Names the exported set for marking; null when the server could not keep it. */
  exportId: string | null;
}

/** The filters as query parameters, the empty ones left out. */
const filterParams = (filters: QuestionSearch | null): Record<string, string> =>
  Object.fromEntries(
    Object.entries(filters ?? {}).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== '',
    ),
  );

export const ankiApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** null exports every question; filters export the search's answer. */
    exportAnkiDeck: build.mutation<AnkiDeckDownload, QuestionSearch | null>({
      query: (filters) => ({
        url: 'questions/export/anki',
        params: filterParams(filters),
        responseHandler: objectUrlResponse,
      }),
      transformResponse: (objectUrl: string, meta) => {
        // The slice's base query is fetchBaseQuery's: its meta holds the response.
        const headers = (meta as FetchBaseQueryMeta | undefined)?.response?.headers;
        return {
          objectUrl,
          count: Number(headers?.get(ANKI_EXPORT_COUNT_HEADER) ?? 0),
          exportId: headers?.get(ANKI_EXPORT_ID_HEADER) ?? null,
        };
      },
    }),
    markAnkiExport: build.mutation<AnkiMarkResult, string>({
      query: (exportId) => ({
        url: 'questions/export/anki/mark',
        method: 'POST',
        body: { exportId },
      }),
      invalidatesTags: ['Question'],
    }),
  }),
});

export const { useExportAnkiDeckMutation, useMarkAnkiExportMutation } = ankiApi;
