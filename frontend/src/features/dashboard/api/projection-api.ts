/** The score projection (`GET /api/tests/projection`). */
import type { ScoreProjection } from '@mcat/contracts';
import { api } from '../../../lib/api';

/** Any change to the test list (create, edit, delete, import) changes the projection. */
const TEST_LIST_TAG = { type: 'Test', id: 'LIST' } as const;

/**
 * The waits before asking again while the answer is for another date than the profile's: the
 * tests service learns a new date from auth's event, a moment after the profile saved it
 * (docs/adr/0024-score-projection.md). After the last, the answer is shown as it is.
 */
export const CATCH_UP_DELAYS_MS = [250, 500, 1000, 2000] as const;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The answer is for no date or another one than `plannedTestingDate`: the server is behind. */
const isBehind = (
  result: { data?: unknown; error?: { data?: unknown } },
  plannedTestingDate: string,
): boolean => {
  if (result.data) return (result.data as ScoreProjection).atDate !== plannedTestingDate;
  const code = (result.error?.data as { code?: unknown } | undefined)?.code;
  return code === 'PROJECTION_NEEDS_DATE';
};

export const projectionApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * Keyed by the profile's planned testing date, so a new date asks again; the server reads the
     * date itself, and is asked again for a while when its answer is for an older one.
     */
    getProjection: build.query<ScoreProjection, string>({
      async queryFn(plannedTestingDate, _queryApi, _extraOptions, baseQuery) {
        let result = await baseQuery('tests/projection');
        for (const delay of CATCH_UP_DELAYS_MS) {
          if (!isBehind(result, plannedTestingDate)) break;
          await wait(delay);
          result = await baseQuery('tests/projection');
        }
        return result.error ? { error: result.error } : { data: result.data as ScoreProjection };
      },
      providesTags: [TEST_LIST_TAG],
    }),
  }),
});

export const { useGetProjectionQuery } = projectionApi;
