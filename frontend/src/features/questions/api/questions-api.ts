/**
 * Missed-question endpoints (spec section 7). Every list provides the question list tag, so a
 * create, update or delete refreshes whichever lists are shown; the Anki toggle is optimistic.
 */
import type { MessageResponse, Question, QuestionBody, QuestionSearch } from '@mcat/contracts';
import { api } from '../../../lib/api';

const QUESTION_LIST_TAG = { type: 'Question', id: 'LIST' } as const;

const listTags = (questions: Question[] | undefined) => [
  QUESTION_LIST_TAG,
  ...(questions ?? []).map((q) => ({ type: 'Question' as const, id: q._id })),
];

/** The search call's parameters with the empty ones left out. */
const searchParams = (filters: QuestionSearch): Record<string, string> =>
  Object.fromEntries(
    Object.entries(filters).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== '',
    ),
  );

export const questionsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getQuestions: build.query<Question[], void>({
      query: () => 'questions',
      providesTags: listTags,
    }),
    searchQuestions: build.query<Question[], QuestionSearch>({
      query: (filters) => ({ url: 'questions/search', params: searchParams(filters) }),
      providesTags: listTags,
    }),
    getTestQuestions: build.query<Question[], string>({
      query: (testId) => `questions/test/${encodeURIComponent(testId)}`,
      providesTags: listTags,
    }),
    getQuestion: build.query<Question, string>({
      query: (id) => `questions/${encodeURIComponent(id)}`,
      providesTags: (_question, _error, id) => [{ type: 'Question', id }],
    }),
    getTags: build.query<string[], void>({
      query: () => 'questions/tags',
      providesTags: ['Tag'],
    }),
    createQuestion: build.mutation<Question, QuestionBody>({
      query: (body) => ({ url: 'questions', method: 'POST', body }),
      invalidatesTags: [QUESTION_LIST_TAG, 'Tag'],
    }),
    updateQuestion: build.mutation<Question, { id: string; body: QuestionBody }>({
      query: ({ id, body }) => ({
        url: `questions/${encodeURIComponent(id)}`,
        method: 'PUT',
        body,
      }),
      invalidatesTags: (_question, _error, { id }) => [
        QUESTION_LIST_TAG,
        { type: 'Question', id },
        'Tag',
      ],
    }),
    deleteQuestion: build.mutation<MessageResponse, string>({
      query: (id) => ({ url: `questions/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: (_result, _error, id) => [
        QUESTION_LIST_TAG,
        { type: 'Question', id },
        'Tag',
      ],
    }),
    /** Flips the flag in every cached list at once, then takes the server's answer or rolls back. */
    toggleAnki: build.mutation<Question, string>({
      query: (id) => ({ url: `questions/${encodeURIComponent(id)}/anki`, method: 'PATCH' }),
      async onQueryStarted(id, { dispatch, getState, queryFulfilled }) {
        const entries = questionsApi.util
          .selectInvalidatedBy(getState(), [{ type: 'Question', id }])
          .filter(
            ({ endpointName }) =>
              endpointName === 'getQuestions' ||
              endpointName === 'searchQuestions' ||
              endpointName === 'getTestQuestions',
          );
        const patches = entries.map(({ endpointName, originalArgs }) =>
          dispatch(
            questionsApi.util.updateQueryData(
              endpointName as 'getQuestions',
              originalArgs as undefined,
              (questions) => {
                const question = questions.find((q) => q._id === id);
                if (question) question.ankiCardMade = !question.ankiCardMade;
              },
            ),
          ),
        );
        try {
          const { data: updated } = await queryFulfilled;
          for (const { endpointName, originalArgs } of entries) {
            dispatch(
              questionsApi.util.updateQueryData(
                endpointName as 'getQuestions',
                originalArgs as undefined,
                (questions) => {
                  const index = questions.findIndex((q) => q._id === id);
                  if (index >= 0) questions[index] = updated;
                },
              ),
            );
          }
        } catch {
          for (const patch of patches) patch.undo();
        }
      },
    }),
  }),
});

export const {
  useGetQuestionsQuery,
  useLazySearchQuestionsQuery,
  useSearchQuestionsQuery,
  useGetTestQuestionsQuery,
  useGetQuestionQuery,
  useGetTagsQuery,
  useCreateQuestionMutation,
  useUpdateQuestionMutation,
  useDeleteQuestionMutation,
  useToggleAnkiMutation,
} = questionsApi;
