/** Tests endpoints: the list, one test, create, update, delete, Excel. */
import type { ImportResult, MessageResponse, Test, TestBody } from '@mcat/contracts';
import { api } from '../../../lib/api';
import { objectUrlResponse } from '../../../lib/download';
import { keyedWrite } from '../../../lib/idempotent-writes';

export const TEST_LIST_TAG = { type: 'Test', id: 'LIST' } as const;
/** Deleting a test deletes its missed questions too. */
const QUESTION_LIST_TAG = { type: 'Question', id: 'LIST' } as const;

export const testsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getTests: build.query<Test[], void>({
      query: () => 'tests',
      providesTags: (tests) => [
        TEST_LIST_TAG,
        ...(tests ?? []).map((test) => ({ type: 'Test' as const, id: test._id })),
      ],
    }),
    getTest: build.query<Test, string>({
      query: (id) => `tests/${encodeURIComponent(id)}`,
      providesTags: (_test, _error, id) => [{ type: 'Test', id }],
    }),
    /** Each of the given tests by id (one call each); a test that is gone is left out. */
    getTestsByIds: build.query<Record<string, Test>, readonly string[]>({
      queryFn: async (ids, _queryApi, _extraOptions, baseQuery) => {
        const answers = await Promise.all(
          ids.map(async (id) => ({
            id,
            answer: await baseQuery(`tests/${encodeURIComponent(id)}`),
          })),
        );
        const failed = answers.find(({ answer }) => answer.error && answer.error.status !== 404);
        if (failed?.answer.error) return { error: failed.answer.error };
        const found: Record<string, Test> = {};
        for (const { id, answer } of answers) if (answer.data) found[id] = answer.data as Test;
        return { data: found };
      },
      providesTags: (_tests, _error, ids) => ids.map((id) => ({ type: 'Test' as const, id })),
    }),
    createTest: build.mutation<Test, TestBody>({
      query: (body) => keyedWrite({ url: 'tests', method: 'POST', body }),
      invalidatesTags: [TEST_LIST_TAG],
    }),
    updateTest: build.mutation<Test, { id: string; body: TestBody }>({
      query: ({ id, body }) => ({ url: `tests/${encodeURIComponent(id)}`, method: 'PUT', body }),
      invalidatesTags: (_test, _error, { id }) => [TEST_LIST_TAG, { type: 'Test', id }],
    }),
    deleteTest: build.mutation<MessageResponse, string>({
      query: (id) => ({ url: `tests/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: (_result, _error, id) => [
        TEST_LIST_TAG,
        { type: 'Test', id },
        QUESTION_LIST_TAG,
        'Tag',
      ],
    }),
    /** The spreadsheet of every test, as an object URL to save as mcat-tests.xlsx. */
    exportTests: build.mutation<string, void>({
      query: () => ({ url: 'tests/export/excel', responseHandler: objectUrlResponse }),
    }),
    importTests: build.mutation<ImportResult, File>({
      query: (file) => {
        const body = new FormData();
        body.append('file', file);
        return { url: 'tests/import/excel', method: 'POST', body };
      },
      invalidatesTags: [TEST_LIST_TAG],
    }),
  }),
});

export const {
  useGetTestsQuery,
  useGetTestQuery,
  useGetTestsByIdsQuery,
  useCreateTestMutation,
  useUpdateTestMutation,
  useDeleteTestMutation,
  useExportTestsMutation,
  useImportTestsMutation,
} = testsApi;
