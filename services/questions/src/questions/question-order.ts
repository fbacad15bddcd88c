import type { Question, QuestionCursor } from '@mcat/contracts';

/** A question's place in the lists' order, as a page's cursor carries it. */
export const placeOf = (question: Question): QuestionCursor => ({
  createdAt: question.createdAt,
  id: question._id,
});

/**
 * Newest first, then the larger id first, so questions created in the same millisecond still
 * have one order: the rebuild's query sorts the same way (`createdAt`, then `_id`, descending).
 * Timestamps are ISO to the millisecond and ids lower-case hex, so comparing them as text is
 * comparing them as times and as ids.
 */
const byPlace = (a: QuestionCursor, b: QuestionCursor): number => {
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? 1 : -1;
  if (a.id !== b.id) return a.id < b.id ? 1 : -1;
  return 0;
};

/** The order of every question list the service answers. */
export const newestFirst = (a: Question, b: Question): number => byPlace(placeOf(a), placeOf(b));

/** Whether a question comes after the cursor's place in that order. */
export const comesAfter =
  (cursor: QuestionCursor) =>
  (question: Question): boolean =>
    byPlace(cursor, placeOf(question)) < 0;
