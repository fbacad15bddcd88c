import { describe, expect, it } from 'vitest';
import type { Question, QuestionPage } from '@mcat/contracts';
import {
  isNearEnd,
  loadedQuestions,
  LOAD_AHEAD_ROWS,
  questionCountLabel,
  totalOf,
} from './question-pages';

const question = (id: string) => ({ _id: id }) as Question;
const page = (ids: string[], total: number, nextCursor: string | null): QuestionPage => ({
  questions: ids.map(question),
  total,
  nextCursor,
});

describe('the paged questions list', () => {
  it('shows the loaded pages one after the other, in the order they came', () => {
    const pages = [page(['a', 'b'], 5, 'b'), page(['c', 'd'], 5, 'd')];
    expect(loadedQuestions(pages).map((q) => q._id)).toEqual(['a', 'b', 'c', 'd']);
    expect(loadedQuestions([])).toEqual([]);
  });

  it("counts the whole list, not what is loaded, from the latest page's total", () => {
    expect(totalOf([page(['a'], 120, 'a')])).toBe(120);
    expect(totalOf([page(['a'], 120, 'a'), page(['b'], 119, 'b')])).toBe(119);
    expect(totalOf([])).toBe(0);
  });

  it(`asks for more once the rows in view come within ${LOAD_AHEAD_ROWS} of the last loaded`, () => {
    expect(isNearEnd(20, 50)).toBe(false);
    expect(isNearEnd(50 - LOAD_AHEAD_ROWS - 1, 50)).toBe(false);
    expect(isNearEnd(50 - LOAD_AHEAD_ROWS, 50)).toBe(true);
    expect(isNearEnd(49, 50)).toBe(true);
    expect(isNearEnd(2, 3)).toBe(true);
    expect(isNearEnd(-1, 0)).toBe(false);
  });

  it('says how many questions the list holds', () => {
    expect(questionCountLabel(0)).toBe('0 questions');
    expect(questionCountLabel(1)).toBe('1 question');
    expect(questionCountLabel(1300)).toBe('1300 questions');
  });
});
