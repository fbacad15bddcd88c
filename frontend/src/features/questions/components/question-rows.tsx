/**
 * One question of a questions table: its row (Anki toggle, expand, edit with returnUrl, delete
 * with a confirm popup) and the row under it that expands to show the three reasons.
 */
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Switch from '@mui/material/Switch';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import EditIcon from '@mui/icons-material/Edit';
import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';
import KeyboardArrowUpIcon from '@mui/icons-material/KeyboardArrowUp';
import { sectionByName, type Question } from '@mcat/contracts';
import { ConfirmDeleteIconButton } from '../../../components/confirm-delete-icon-button';
import { RouterLink } from '../../../components/router-link';

export interface QuestionTestLink {
  testId: string;
  label: string;
}

export interface QuestionRowsProps {
  question: Question;
  /** Given on /questions: the Test column and the View Test link of the expanded row. */
  test?: QuestionTestLink;
  columnCount: number;
  /** Short section labels (under 768 px). */
  narrow: boolean;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where edit returns to after saving or cancelling. */
  editReturnUrl: string;
  onToggleAnki: (id: string) => void;
  onDelete: (id: string) => Promise<void>;
}

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

export function QuestionRows({
  question,
  test,
  columnCount,
  narrow,
  open,
  onOpenChange,
  editReturnUrl,
  onToggleAnki,
  onDelete,
}: QuestionRowsProps) {
  const section = sectionByName(question.section);
  const name = `question ${question.questionNumber} (${section?.abbreviation ?? question.section})`;
  const detailsId = `question-details-${question._id}`;
  return (
    <>
      <TableRow sx={{ '& > td': { borderBottom: open ? 'unset' : undefined } }}>
        {test ? <TableCell>{test.label}</TableCell> : null}
        <TableCell>
          {narrow || !section ? (section?.abbreviation ?? question.section) : section.name}
        </TableCell>
        <TableCell>{question.questionNumber}</TableCell>
        <TableCell>{question.mistakeType || '-'}</TableCell>
        <TableCell>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
            {question.topicTags.map((tag) => (
              <Chip key={tag} label={tag} size="small" />
            ))}
          </Box>
        </TableCell>
        <TableCell>
          <Switch
            checked={question.ankiCardMade}
            onChange={() => onToggleAnki(question._id)}
            slotProps={{ input: { 'aria-label': `Anki card made for ${name}` } }}
          />
        </TableCell>
        <TableCell sx={{ whiteSpace: 'nowrap' }}>
          <IconButton
            aria-label={`${open ? 'Hide' : 'Show'} details of ${name}`}
            aria-expanded={open}
            aria-controls={detailsId}
            onClick={() => onOpenChange(!open)}
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
            onConfirm={() => onDelete(question._id)}
          />
        </TableCell>
      </TableRow>
      <TableRow>
        <TableCell colSpan={columnCount} sx={{ py: 0 }}>
          <Collapse in={open} unmountOnExit>
            <Box id={detailsId} sx={{ py: 2 }}>
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
        </TableCell>
      </TableRow>
    </>
  );
}
