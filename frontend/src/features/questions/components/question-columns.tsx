/**
 * The columns of a questions table (Test on /questions only, Section, Q#, Mistake Type, Topics,
 * Anki, Actions) and the details each question opens to: the Anki toggle, expand, edit (with
 * returnUrl) and delete with a confirm popup, and the three reasons.
 */
import { useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import EditIcon from '@mui/icons-material/Edit';
import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';
import KeyboardArrowUpIcon from '@mui/icons-material/KeyboardArrowUp';
import { sectionByName, type Question } from '@mcat/contracts';
import { ConfirmDeleteIconButton } from '../../../components/confirm-delete-icon-button';
import type {
  DataTableColumn,
  DataTableRowDetails,
} from '../../../components/data-table/data-table-column';
import { RouterLink } from '../../../components/router-link';
import { useNarrowScreen } from '../../../lib/use-narrow-screen';
import { useQuestionActions } from '../hooks/use-question-actions';
import { TopicChip } from '../../../components/topic-chip';

export interface QuestionTestLink {
  testId: string;
  label: string;
}

interface QuestionColumnsOptions {
  /** Given on /questions: the Test column and the View Test link of the details. */
  testOf?: (question: Question) => QuestionTestLink;
  /** Where edit returns to after saving or cancelling. */
  editReturnUrl: string;
}

export interface QuestionColumns {
  columns: DataTableColumn<Question>[];
  details: DataTableRowDetails<Question>;
  /** The failure of the last Anki toggle or delete, which the student can dismiss; or nothing. */
  failure: ReactNode;
}

const questionKey = (question: Question): string => question._id;

/** "question 12 (C/P)": how the controls of a question name it. */
const questionName = (question: Question): string =>
  `question ${question.questionNumber} (${sectionByName(question.section)?.abbreviation ?? question.section})`;

const detailsId = (question: Question) => `question-details-${question._id}`;

function Reason({ title, text }: { title: string; text: string }) {
  return (
    <Box sx={{ mb: 1.5 }}>
      <Typography variant="subtitle2" component="h3">
        {title}
      </Typography>
      <Typography sx={{ whiteSpace: 'pre-wrap' }}>{text}</Typography>
    </Box>
  );
}

/**
 * The tags as chips in a block at most 16em wide: on one line they would claim the room a table's
 * other columns need.
 */
function TopicChips({ tags }: { tags: readonly string[] }) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, maxWidth: '16em' }}>
      {tags.map((tag) => (
        <TopicChip key={tag} label={tag} />
      ))}
    </Box>
  );
}

function useQuestionColumns({ testOf, editReturnUrl }: QuestionColumnsOptions): QuestionColumns {
  const narrow = useNarrowScreen();
  const [expanded, setExpanded] = useState<string | null>(null);
  const actions = useQuestionActions();
  const isOpen = (question: Question) => expanded === question._id;

  const testColumn: DataTableColumn<Question>[] = testOf
    ? [{ header: 'Test', kind: 'rowHeader', render: (question) => testOf(question).label }]
    : [];
  const columns: DataTableColumn<Question>[] = [
    ...testColumn,
    {
      header: 'Section',
      wrap: 'words',
      render: (question) => {
        const section = sectionByName(question.section);
        return narrow || !section ? (section?.abbreviation ?? question.section) : section.name;
      },
    },
    { header: 'Q#', wrap: 'never', render: (question) => question.questionNumber },
    { header: 'Mistake Type', wrap: 'words', render: (question) => question.mistakeType || '-' },
    {
      header: 'Topics',
      // A tag wraps between its words and at its hyphens: tags are kept whole where they fit.
      wrap: 'words',
      render: (question) => <TopicChips tags={question.topicTags} />,
    },
    {
      header: 'Anki',
      render: (question) => (
        <Switch
          checked={question.ankiCardMade}
          onChange={() => void actions.toggleAnki(question._id)}
          slotProps={{ input: { 'aria-label': `Anki card made for ${questionName(question)}` } }}
        />
      ),
    },
    {
      header: 'Actions',
      kind: 'actions',
      render: (question) => {
        const open = isOpen(question);
        const name = questionName(question);
        return (
          <>
            <IconButton
              aria-label={`${open ? 'Hide' : 'Show'} details of ${name}`}
              aria-expanded={open}
              aria-controls={detailsId(question)}
              onClick={() => setExpanded(open ? null : question._id)}
            >
              {open ? <KeyboardArrowUpIcon /> : <KeyboardArrowDownIcon />}
            </IconButton>
            <IconButton
              component={RouterLink}
              to={`/questions/${question._id}/edit?returnUrl=${encodeURIComponent(editReturnUrl)}`}
              aria-label={`Edit ${name}`}
            >
              <EditIcon />
            </IconButton>
            <ConfirmDeleteIconButton
              label={`Delete ${name}`}
              message="Are you sure you want to delete this question?"
              onConfirm={() => actions.remove(question._id)}
            />
          </>
        );
      },
    },
  ];

  const details: DataTableRowDetails<Question> = {
    isOpen,
    render: (question) => {
      const test = testOf?.(question);
      return (
        <Collapse in={isOpen(question)} unmountOnExit>
          <Box id={detailsId(question)} sx={{ py: 2 }}>
            <Reason title="Why I Got It Wrong" text={question.wrongAnswerReason} />
            <Reason title="Why the Right Answer is Correct" text={question.rightAnswerReason} />
            <Reason title="How to Improve" text={question.improvementPlan} />
            {test ? (
              <Link component={RouterLink} to={`/tests/${test.testId}`}>
                View Test
              </Link>
            ) : null}
          </Box>
        </Collapse>
      );
    },
  };

  const failure = actions.error ? (
    <Alert severity="error" sx={{ mb: 2 }} onClose={actions.clearError}>
      {actions.error}
    </Alert>
  ) : null;

  return { columns, details, failure };
}

/**
 * The questions as a data table shows them, named `label`: rows, columns, details and key for
 * either table; and the failure to show above it.
 */
export function useQuestionTable(
  questions: readonly Question[],
  label: string,
  options: QuestionColumnsOptions,
) {
  const { columns, details, failure } = useQuestionColumns(options);
  return { failure, table: { rows: questions, columns, details, rowKey: questionKey, label } };
}
