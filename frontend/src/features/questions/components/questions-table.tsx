/**
 * The missed-questions table shared by /questions, a test's page and the review wizard: expandable
 * rows, the optimistic Anki toggle, edit (with returnUrl) and delete with a confirm popup.
 */
import { Fragment, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import EditIcon from '@mui/icons-material/Edit';
import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';
import KeyboardArrowUpIcon from '@mui/icons-material/KeyboardArrowUp';
import { ERRORS, NARROW_SCREEN_PX, sectionByName, type Question } from '@mcat/contracts';
import { ConfirmDeleteIconButton } from '../../../components/confirm-delete-icon-button';
import { RouterLink } from '../../../components/router-link';
import { apiErrorMessage } from '../../../lib/api-error';
import { useDeleteQuestionMutation, useToggleAnkiMutation } from '../api/questions-api';

export interface QuestionTestLink {
  testId: string;
  label: string;
}

interface QuestionsTableProps {
  questions: readonly Question[];
  ariaLabel: string;
  /** Where edit returns to after saving or cancelling. */
  editReturnUrl: string;
  /** Given on /questions: the Test column and the View Test link of an expanded row. */
  testOf?: (question: Question) => QuestionTestLink;
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

export function QuestionsTable({
  questions,
  ariaLabel,
  editReturnUrl,
  testOf,
}: QuestionsTableProps) {
  const narrow = useMediaQuery(`(max-width:${NARROW_SCREEN_PX - 0.02}px)`);
  const [expanded, setExpanded] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [toggleAnki] = useToggleAnkiMutation();
  const [deleteQuestion] = useDeleteQuestionMutation();
  const columnCount = testOf ? 7 : 6;

  const toggle = async (id: string) => {
    setError(null);
    try {
      await toggleAnki(id).unwrap();
    } catch (failure) {
      setError(apiErrorMessage(failure, ERRORS.toggleAnki));
    }
  };

  const remove = async (id: string) => {
    setError(null);
    try {
      await deleteQuestion(id).unwrap();
    } catch (failure) {
      setError(apiErrorMessage(failure, ERRORS.deleteQuestion));
    }
  };

  return (
    <>
      {error ? (
        <Alert severity="error" sx={{ mb: 2 }} onClose={() => setError(null)}>
          {error}
        </Alert>
      ) : null}
      <TableContainer>
        <Table size="small" aria-label={ariaLabel}>
          <TableHead>
            <TableRow>
              {testOf ? <TableCell>Test</TableCell> : null}
              <TableCell>Section</TableCell>
              <TableCell>Q#</TableCell>
              <TableCell>Mistake Type</TableCell>
              <TableCell>Topics</TableCell>
              <TableCell>Anki</TableCell>
              <TableCell>Actions</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {questions.map((question) => {
              const section = sectionByName(question.section);
              const open = expanded === question._id;
              const name = `question ${question.questionNumber} (${section?.abbreviation ?? question.section})`;
              const test = testOf?.(question);
              const detailsId = `question-details-${question._id}`;
              return (
                <Fragment key={question._id}>
                  <TableRow sx={{ '& > td': { borderBottom: open ? 'unset' : undefined } }}>
                    {test ? <TableCell>{test.label}</TableCell> : null}
                    <TableCell>
                      {narrow || !section
                        ? (section?.abbreviation ?? question.section)
                        : section.name}
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
                        onChange={() => void toggle(question._id)}
                        slotProps={{ input: { 'aria-label': `Anki card made for ${name}` } }}
                      />
                    </TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      <IconButton
                        aria-label={`${open ? 'Hide' : 'Show'} details of ${name}`}
                        aria-expanded={open}
                        aria-controls={detailsId}
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
                        onConfirm={() => remove(question._id)}
                      />
                    </TableCell>
                  </TableRow>
                  <TableRow>
                    <TableCell colSpan={columnCount} sx={{ py: 0 }}>
                      <Collapse in={open} unmountOnExit>
                        <Box id={detailsId} sx={{ py: 2 }}>
                          <Reason title="Why I Got It Wrong" text={question.wrongAnswerReason} />
                          <Reason
                            title="Why the Right Answer is Correct"
                            text={question.rightAnswerReason}
                          />
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
                </Fragment>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
    </>
  );
}
