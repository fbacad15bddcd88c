/** The student's own data: the export file, the deletion, and the counts the deletion names. */
import type { DeleteAccountBody, MessageResponse, Question, Test } from '@mcat/contracts';
import { api } from '../../../lib/api';
import { objectUrlResponse } from '../../../lib/download';

export const accountDataApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Everything the product holds about the student, as an object URL to save. */
    exportAccountData: build.mutation<string, void>({
      query: () => ({ url: 'auth/me/export', responseHandler: objectUrlResponse }),
    }),
    deleteAccount: build.mutation<MessageResponse, DeleteAccountBody>({
      query: (body) => ({ url: 'auth/me', method: 'DELETE', body }),
    }),
    /** What the deletion would erase, counted when the dialog opens. */
    accountTests: build.query<Test[], void>({
      query: () => 'tests',
      providesTags: ['Test'],
      keepUnusedDataFor: 0,
    }),
    accountQuestions: build.query<Question[], void>({
      query: () => 'questions',
      providesTags: ['Question'],
      keepUnusedDataFor: 0,
    }),
  }),
});

export const {
  useExportAccountDataMutation,
  useDeleteAccountMutation,
  useAccountTestsQuery,
  useAccountQuestionsQuery,
} = accountDataApi;
