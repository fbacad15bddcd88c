/**
 * The missed-questions table of a test's page and the review wizard, every row rendered: expandable
 * rows, the optimistic Anki toggle, edit (with returnUrl) and delete with a confirm popup.
 */
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableContainer from '@mui/material/TableContainer';
import type { Question } from '@mcat/contracts';
import { useQuestionActions } from '../hooks/use-question-actions';
import { useNarrowScreen } from '../../../lib/use-narrow-screen';
import { QuestionRows } from './question-rows';
import { QuestionsTableHead } from './questions-table-head';

interface QuestionsTableProps {
  questions: readonly Question[];
  ariaLabel: string;
  /** Where edit returns to after saving or cancelling. */
  editReturnUrl: string;
}

export function QuestionsTable({ questions, ariaLabel, editReturnUrl }: QuestionsTableProps) {
  const narrow = useNarrowScreen();
  const [expanded, setExpanded] = useState<string | null>(null);
  const actions = useQuestionActions();

  return (
    <>
      {actions.error ? (
        <Alert severity="error" sx={{ mb: 2 }} onClose={actions.clearError}>
          {actions.error}
        </Alert>
      ) : null}
      <TableContainer>
        <Table size="small" aria-label={ariaLabel}>
          <QuestionsTableHead withTest={false} />
          <TableBody>
            {questions.map((question) => (
              <QuestionRows
                key={question._id}
                question={question}
                columnCount={6}
                narrow={narrow}
                open={expanded === question._id}
                onOpenChange={(open) => setExpanded(open ? question._id : null)}
                editReturnUrl={editReturnUrl}
                onToggleAnki={(id) => void actions.toggleAnki(id)}
                onDelete={actions.remove}
              />
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </>
  );
}
