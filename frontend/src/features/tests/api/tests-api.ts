/** Tests endpoints (spec section 7). The tests screens of the next issue add theirs here. */
import type { Test } from '@mcat/contracts';
import { api } from '../../../lib/api';

export const TEST_LIST_TAG = { type: 'Test', id: 'LIST' } as const;

export const testsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getTests: build.query<Test[], void>({
      query: () => 'tests',
      providesTags: (tests) => [
        TEST_LIST_TAG,
        ...(tests ?? []).map((test) => ({ type: 'Test' as const, id: test._id })),
      ],
    }),
  }),
});

export const { useGetTestsQuery } = testsApi;
