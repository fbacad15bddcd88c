/**
 * The spaced re-review (docs/adr/0022-spaced-review.md). The due list refreshes with any change to
 * the questions (it provides their list tag); a recorded review takes its question out of the
 * cached due list at once, so the dashboard's count is right without asking again.
 */
import type { DueQuestion, ReviewedQuestion, ReviewOutcome } from '@mcat/contracts';
import { api } from '../../../lib/api';

export const reReviewApi = api.injectEndpoints({
  endpoints: (build) => ({
    getDueQuestions: build.query<DueQuestion[], void>({
      query: () => 'questions/review/due',
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
        dispatch(
          reReviewApi.util.updateQueryData('getDueQuestions', undefined, (due) =>
            due.filter((q) => q._id !== id),
          ),
        );
      },
    }),
  }),
});

export const { useGetDueQuestionsQuery, useReviewQuestionMutation } = reReviewApi;
