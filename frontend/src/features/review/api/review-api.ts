/** The review calls of a test: one section reviewed, complete, reset. */
import { type ReviewPatch, type SectionKey, type Test } from '@mcat/contracts';
import { api } from '../../../lib/api';

/** The patch that reopens a review: every section back to not reviewed. */
const REOPEN: ReviewPatch = {
  isComplete: false,
  sectionsReviewed: { chemPhys: false, cars: false, bio: false, psychSoc: false },
};

const sectionReviewed = (section: SectionKey): ReviewPatch => ({
  sectionsReviewed: { [section]: true },
});

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
        body: sectionReviewed(section),
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
        body: REOPEN,
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
