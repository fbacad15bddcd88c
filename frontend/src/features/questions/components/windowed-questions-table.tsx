/**
 * The questions table of /questions, for lists of any length: it scrolls in its own box and renders
 * only the questions in view (WindowedDataTable). Scrolling near the last loaded question calls
 * `onNearEnd`; what shows under the rows (loading more, a failure) is the `footer`.
 */
import { useCallback, type ReactNode } from 'react';
import type { Question } from '@mcat/contracts';
import { WindowedDataTable } from '../../../components/data-table/windowed-data-table';
import { isNearEnd } from '../utils/question-pages';
import { useQuestionTable, type QuestionTestLink } from './question-columns';

/** A collapsed question's height in px until measured: a small table row with a switch; a card. */
const ESTIMATED_HEIGHT = { row: 53, card: 260 };
/** Questions rendered beyond each edge of the box, so a fast scroll or a Tab meets real rows. */
const OVERSCAN = 8;

interface WindowedQuestionsTableProps {
  questions: readonly Question[];
  ariaLabel: string;
  /** Where edit returns to after saving or cancelling. */
  editReturnUrl: string;
  testOf: (question: Question) => QuestionTestLink;
  /** Called while the rows in view reach near the last loaded question. */
  onNearEnd: () => void;
  footer?: ReactNode;
}

export function WindowedQuestionsTable({
  questions,
  ariaLabel,
  editReturnUrl,
  testOf,
  onNearEnd,
  footer,
}: WindowedQuestionsTableProps) {
  const { failure, table } = useQuestionTable(questions, ariaLabel, { testOf, editReturnUrl });
  const count = questions.length;
  const renderedThrough = useCallback(
    (lastIndex: number) => {
      if (isNearEnd(lastIndex, count)) onNearEnd();
    },
    [count, onNearEnd],
  );
  return (
    <>
      {failure}
      <WindowedDataTable
        {...table}
        maxHeight="70vh"
        estimatedHeight={ESTIMATED_HEIGHT}
        overscan={OVERSCAN}
        onRenderedThrough={renderedThrough}
        footer={footer}
      />
    </>
  );
}
