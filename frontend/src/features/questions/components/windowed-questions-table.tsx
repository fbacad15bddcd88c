/**
 * The questions table of /questions, for lists of any length: it scrolls in its own box and renders
 * only the questions in view (@tanstack/react-virtual), each in its own `tbody` so that an expanded
 * row is measured with its question; rows above and below are stood for by empty, hidden spacers.
 * Scrolling near the last loaded question calls `onNearEnd`; what shows under the rows (loading
 * more, a failure) is the `footer`.
 */
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableContainer from '@mui/material/TableContainer';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { Question } from '@mcat/contracts';
import { useNarrowScreen } from '../../../lib/use-narrow-screen';
import { useQuestionActions } from '../hooks/use-question-actions';
import { isNearEnd } from '../utils/question-pages';
import { QuestionRows, type QuestionTestLink } from './question-rows';
import { QuestionsTableHead } from './questions-table-head';

/** A collapsed question's height in px (a small table row with a switch), until measured. */
const estimateSize = () => 53;
/** Questions rendered beyond each edge of the box, so a fast scroll or a Tab meets real rows. */
const OVERSCAN = 8;
const COLUMN_COUNT = 7;

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

function Spacer({ height }: { height: number }) {
  if (height <= 0) return null;
  return (
    <tbody aria-hidden="true">
      <tr>
        <td colSpan={COLUMN_COUNT} style={{ height, padding: 0, border: 0 }} />
      </tr>
    </tbody>
  );
}

export function WindowedQuestionsTable({
  questions,
  ariaLabel,
  editReturnUrl,
  testOf,
  onNearEnd,
  footer,
}: WindowedQuestionsTableProps) {
  const narrow = useNarrowScreen();
  const [expanded, setExpanded] = useState<string | null>(null);
  const actions = useQuestionActions();
  const scrollBox = useRef<HTMLDivElement>(null);
  const getItemKey = useCallback((index: number) => questions[index]?._id ?? index, [questions]);
  const virtualizer = useVirtualizer({
    count: questions.length,
    getScrollElement: () => scrollBox.current,
    estimateSize,
    getItemKey,
    overscan: OVERSCAN,
    // Before the box is measured: a screenful, so the first page's rows show in the first paint.
    initialRect: { width: 0, height: window.innerHeight },
    useFlushSync: false,
  });
  const rows = virtualizer.getVirtualItems();
  const first = rows[0];
  const last = rows[rows.length - 1];
  const lastIndex = last?.index ?? -1;

  useEffect(() => {
    if (isNearEnd(lastIndex, questions.length)) onNearEnd();
  }, [lastIndex, questions.length, onNearEnd]);

  return (
    <>
      {actions.error ? (
        <Alert severity="error" sx={{ mb: 2 }} onClose={actions.clearError}>
          {actions.error}
        </Alert>
      ) : null}
      <TableContainer ref={scrollBox} sx={{ maxHeight: '70vh', overflowY: 'auto' }}>
        <Table size="small" stickyHeader aria-label={ariaLabel}>
          <QuestionsTableHead withTest />
          <Spacer height={first?.start ?? 0} />
          {rows.map((row) => {
            const question = questions[row.index];
            if (!question) return null;
            return (
              <TableBody key={row.key} ref={virtualizer.measureElement} data-index={row.index}>
                <QuestionRows
                  question={question}
                  test={testOf(question)}
                  columnCount={COLUMN_COUNT}
                  narrow={narrow}
                  open={expanded === question._id}
                  onOpenChange={(open) => setExpanded(open ? question._id : null)}
                  editReturnUrl={editReturnUrl}
                  onToggleAnki={(id) => void actions.toggleAnki(id)}
                  onDelete={actions.remove}
                />
              </TableBody>
            );
          })}
          <Spacer height={virtualizer.getTotalSize() - (last?.end ?? 0)} />
        </Table>
        <Box sx={{ position: 'sticky', left: 0 }}>{footer}</Box>
      </TableContainer>
    </>
  );
}
