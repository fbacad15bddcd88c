/** The review calls of a test: one section reviewed, complete, reset. */
import { SECTION_KEYS, type SectionKey, type Test } from '@mcat/contracts';
import { api } from '../../../lib/api';

const testTags = (id: string) => [
  { type: 'Test' as const, id },
  { type: 'Test' as const, id: 'LIST' },
];

export const reviewApi = api.injectEndpoints({
  endpoints: (build) => ({
    markSectionReviewed: build.mutation<Test, { testId: string; section: SectionKey }>({
      query: ({ testId, section }) => ({
        url: `tests/${encodeURIComponent(testId)}/review`,
        method: 'PATCH',
        body: { sectionsReviewed: { [section]: true } },
      }),
      invalidatesTags: (_test, _error, { testId }) => testTags(testId),
    }),
    completeReview: build.mutation<Test, string>({
      query: (testId) => ({
        url: `tests/${encodeURIComponent(testId)}/review/complete`,
        method: 'PATCH',
      }),
      invalidatesTags: (_test, _error, testId) => testTags(testId),
    }),
    reopenReview: build.mutation<Test, string>({
      query: (testId) => ({
        url: `tests/${encodeURIComponent(testId)}/review`,
        method: 'PATCH',
        body: {
          isComplete: false,
          sectionsReviewed: Object.fromEntries(SECTION_KEYS.map((key) => [key, false])),
        },
      }),
      invalidatesTags: (_test, _error, testId) => testTags(testId),
    }),
  }),
});

export const {
  useMarkSectionReviewedMutation,
  useCompleteReviewMutation,
  useReopenReviewMutation,
} = reviewApi;
