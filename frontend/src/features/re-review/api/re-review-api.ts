/**
 * The spaced re-review (docs/adr/0022-spaced-review.md). The due list and the dashboard's count of
 * it refresh with any change to the questions (they provide their list tag); a recorded review
 * takes its question out of the cached due list and off the cached count at once.
 */
import type { DueCount, DueQuestion, ReviewedQuestion, ReviewOutcome } from '@mcat/contracts';
import { api } from '../../../lib/api';

export const reReviewApi = api.injectEndpoints({
  endpoints: (build) => ({
    getDueQuestions: build.query<DueQuestion[], void>({
      query: () => 'questions/review/due',
      providesTags: [{ type: 'Question', id: 'LIST' }],
    }),
    getDueCount: build.query<DueCount, void>({
      query: () => 'questions/review/due/count',
      providesTags: [{ type: 'Question', id: 'LIST' }],
    }),
    reviewQuestion: build.mutation<ReviewedQuestion, { id: string; outcome: ReviewOutcome }>({
      query: ({ id, outcome }) => ({
        url: `questions/${encodeURIComponent(id)}/review`,
        method: 'POST',
        body: { outcome },
      }),
      async onQueryStarted({ id }, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled;
        } catch {
          return;
        }
        let wasDue = true;
        dispatch(
          reReviewApi.util.updateQueryData('getDueQuestions', undefined, (due) => {
            wasDue = due.some((q) => q._id === id);
            return due.filter((q) => q._id !== id);
          }),
        );
        if (!wasDue) return;
        dispatch(
          reReviewApi.util.updateQueryData('getDueCount', undefined, (count) => ({
            due: Math.max(0, count.due - 1),
          })),
        );
      },
    }),
  }),
});

export const { useGetDueCountQuery, useGetDueQuestionsQuery, useReviewQuestionMutation } =
  reReviewApi;
