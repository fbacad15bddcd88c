/**
 * Missed-question endpoints. Every list provides the question list tag, so a
 * create, update or delete refreshes whichever lists are shown (a paged list every page it has
 * loaded); the Anki toggle is optimistic.
 */
import type {
  MessageResponse,
  Question,
  QuestionBody,
  QuestionPage,
  QuestionSearch,
} from '@mcat/contracts';
import { api } from '../../../lib/api';
import { keyedWrite } from '../../../lib/idempotent-writes';
import { loadedQuestions, QUESTIONS_PAGE_SIZE } from '../utils/question-pages';

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
    /**
     * The list of /questions, a page at a time (docs/api-paging.md): null is every question
     * (`GET /api/questions`), filters are the search. Each page starts after the last one's cursor.
     */
    getQuestionPages: build.infiniteQuery<QuestionPage, QuestionSearch | null, string | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (lastPage) => lastPage.nextCursor,
      },
      query: ({ queryArg, pageParam }) => ({
        url: queryArg === null ? 'questions' : 'questions/search',
        params: {
          ...searchParams(queryArg ?? {}),
          limit: QUESTIONS_PAGE_SIZE,
          ...(pageParam === null ? {} : { cursor: pageParam }),
        },
      }),
      providesTags: (data) => listTags(data && loadedQuestions(data.pages)),
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
      query: (body) => keyedWrite({ url: 'questions', method: 'POST', body }),
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
        const lists = questionsApi.util.selectInvalidatedBy(getState(), [{ type: 'Question', id }]);
        const changeLists = (change: (questions: Question[]) => void) =>
          lists.flatMap(({ endpointName, originalArgs }) => {
            if (endpointName === 'getTestQuestions') {
              return [
                dispatch(
                  questionsApi.util.updateQueryData(
                    'getTestQuestions',
                    originalArgs as string,
                    change,
                  ),
                ),
              ];
            }
            if (endpointName === 'getQuestionPages') {
              return [
                dispatch(
                  questionsApi.util.updateQueryData(
                    'getQuestionPages',
                    originalArgs as QuestionSearch | null,
                    (data) => {
                      for (const page of data.pages) change(page.questions);
                    },
                  ),
                ),
              ];
            }
            return [];
          });
        const patches = changeLists((questions) => {
          const question = questions.find((q) => q._id === id);
          if (question) question.ankiCardMade = !question.ankiCardMade;
        });
        try {
          const { data: updated } = await queryFulfilled;
          changeLists((questions) => {
            const index = questions.findIndex((q) => q._id === id);
            if (index >= 0) questions[index] = updated;
          });
        } catch {
          for (const patch of patches) patch.undo();
        }
      },
    }),
  }),
});

export const {
  useGetQuestionPagesInfiniteQuery,
  useGetTestQuestionsQuery,
  useGetQuestionQuery,
  useGetTagsQuery,
  useCreateQuestionMutation,
  useUpdateQuestionMutation,
  useDeleteQuestionMutation,
  useToggleAnkiMutation,
} = questionsApi;
