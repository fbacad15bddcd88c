/** The paged list of /questions (docs/api-paging.md): page size, when to ask for more, what to show. */
import type { Question, QuestionPage } from '@mcat/contracts';

/** Questions asked for per page: the first page shows at once, the rest as the student scrolls. */
export const QUESTIONS_PAGE_SIZE = 50;

/** The next page is asked for once the last row rendered is this close to the last one loaded. */
export const LOAD_AHEAD_ROWS = 10;

/** The questions of the pages loaded so far, in the list's order. */
export const loadedQuestions = (pages: readonly QuestionPage[]): Question[] =>
  pages.flatMap((page) => page.questions);

/** How many questions the list holds: the latest page's count, loaded or not. */
export const totalOf = (pages: readonly QuestionPage[]): number => pages.at(-1)?.total ?? 0;

/** Whether the rows rendered reach close enough to the end of what is loaded to ask for more. */
export const isNearEnd = (lastRenderedIndex: number, loadedCount: number): boolean =>
  lastRenderedIndex >= 0 && lastRenderedIndex >= loadedCount - LOAD_AHEAD_ROWS;

/** The heading above the list: "1 question", "1300 questions". */
export const questionCountLabel = (count: number): string =>
  count === 1 ? '1 question' : `${count} questions`;
