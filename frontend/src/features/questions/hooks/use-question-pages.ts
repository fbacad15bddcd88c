/**
 * The paged list of /questions for the filters applied (null: every question): the questions
 * loaded so far, the list's total, and asking for the next page. A change of filters is another
 * list, started from its first page; a refetch (after an edit, a delete) keeps the table shown.
 */
import { useCallback, useMemo } from 'react';
import type { Question, QuestionSearch } from '@mcat/contracts';
import { useGetQuestionPagesInfiniteQuery } from '../api/questions-api';
import { loadedQuestions, totalOf } from '../utils/question-pages';

export interface QuestionPagesState {
  /** The questions of the pages loaded, or undefined before the first page of these filters. */
  questions: Question[] | undefined;
  total: number;
  /** The list could not be loaded or refreshed (`error` says why); `retry` loads it again. */
  failed: boolean;
  /** The next page could not be loaded; `loadMore` asks for it again. */
  loadMoreFailed: boolean;
  loadingMore: boolean;
  error: unknown;
  /** Asks for the next page, unless there is none or one is on its way or just failed. */
  loadMoreWhenIdle: () => void;
  loadMore: () => void;
  retry: () => void;
}

export function useQuestionPages(filters: QuestionSearch | null): QuestionPagesState {
  const query = useGetQuestionPagesInfiniteQuery(filters);
  const { currentData, hasNextPage, isFetching, isFetchNextPageError, fetchNextPage, refetch } =
    query;
  const pages = currentData?.pages;
  const questions = useMemo(() => pages && loadedQuestions(pages), [pages]);

  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  const loadMoreWhenIdle = useCallback(() => {
    if (hasNextPage && !isFetching && !isFetchNextPageError) loadMore();
  }, [hasNextPage, isFetching, isFetchNextPageError, loadMore]);
  const retry = useCallback(() => void refetch(), [refetch]);

  return {
    questions,
    total: totalOf(pages ?? []),
    failed: query.isError && !isFetchNextPageError,
    loadMoreFailed: isFetchNextPageError,
    loadingMore: query.isFetchingNextPage,
    error: query.error,
    loadMoreWhenIdle,
    loadMore,
    retry,
  };
}
