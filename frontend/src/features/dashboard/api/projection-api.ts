/** The score projection (`GET /api/tests/projection`). */
import type { ScoreProjection } from '@mcat/contracts';
import { api } from '../../../lib/api';

/** Any change to the test list (create, edit, delete, import) changes the projection. */
const TEST_LIST_TAG = { type: 'Test', id: 'LIST' } as const;

export const projectionApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * Keyed by the planned testing date the projection is for, so a new date on the profile asks
     * again; the server reads the date itself.
     */
    getProjection: build.query<ScoreProjection, string>({
      query: () => 'tests/projection',
      providesTags: [TEST_LIST_TAG],
    }),
  }),
});

export const { useGetProjectionQuery } = projectionApi;
