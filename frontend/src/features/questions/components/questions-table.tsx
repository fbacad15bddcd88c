/**
 * The missed-questions table of a test's page and the review wizard, every question rendered:
 * expandable details, the optimistic Anki toggle, edit (with returnUrl) and delete with a confirm
 * popup; cards on a narrow screen.
 */
import type { Question } from '@mcat/contracts';
import { DataTable } from '../../../components/data-table/data-table';
import { useQuestionTable } from './question-columns';

interface QuestionsTableProps {
  questions: readonly Question[];
  ariaLabel: string;
  /** Where edit returns to after saving or cancelling. */
  editReturnUrl: string;
}

export function QuestionsTable({ questions, ariaLabel, editReturnUrl }: QuestionsTableProps) {
  const { failure, table } = useQuestionTable(questions, ariaLabel, { editReturnUrl });
  return (
    <>
      {failure}
      <DataTable {...table} />
    </>
  );
}
