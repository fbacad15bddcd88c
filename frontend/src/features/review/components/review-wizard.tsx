/** /tests/:id/review: the four sections in order, adding missed questions, then "Great job". */
import { useReducer, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ERRORS, SECTIONS, VALIDATION, type SectionName, type Test } from '@mcat/contracts';
import { apiErrorMessage } from '../../../lib/api-error';
import { WIDE_LAYOUT_ONLY } from '../../../lib/use-narrow-screen';
import {
  useCompleteReviewMutation,
  useMarkSectionReviewedMutation,
  useReopenReviewMutation,
} from '../api/review-api';
import { STEP_COUNT, isLastStep, startWizard, wizardReducer } from '../utils/review-wizard';
import { ReviewComplete } from './review-complete';
import { ReviewError } from './review-error';

interface ReviewWizardProps {
  test: Test;
  sectionParam: string | null;
  /** The question form, opened inline with the section and number preset. */
  renderQuestionForm: (props: {
    section: SectionName;
    questionNumber: number;
    onDone: () => void;
  }) => ReactNode;
  /** The section's missed questions. */
  renderSectionQuestions: (section: SectionName) => ReactNode;
  onExit: () => void;
}

export function ReviewWizard({
  test,
  sectionParam,
  renderQuestionForm,
  renderSectionQuestions,
  onExit,
}: ReviewWizardProps) {
  const [state, dispatch] = useReducer(wizardReducer, undefined, () =>
    startWizard(test.review, sectionParam),
  );
  const [markSectionReviewed, sectionCall] = useMarkSectionReviewedMutation();
  const [completeReview, completeCall] = useCompleteReviewMutation();
  const [reopenReview, reopenCall] = useReopenReviewMutation();
  const [questionNumber, setQuestionNumber] = useState('');
  const [numberError, setNumberError] = useState<string | null>(null);
  const [adding, setAdding] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const busy = sectionCall.isLoading || completeCall.isLoading || reopenCall.isLoading;
  const section = SECTIONS[state.step];

  const leaveStep = () => {
    setAdding(null);
    setQuestionNumber('');
    setNumberError(null);
    setError(null);
  };

  const stepDone = async () => {
    try {
      await markSectionReviewed({ testId: test._id, section: section.key }).unwrap();
      if (isLastStep(state)) await completeReview(test._id).unwrap();
      leaveStep();
      dispatch({ type: 'stepDone' });
    } catch (failure) {
      setError(apiErrorMessage(failure, ERRORS.updateReview));
    }
  };

  const markComplete = async () => {
    try {
      await completeReview(test._id).unwrap();
      leaveStep();
      dispatch({ type: 'markComplete' });
    } catch (failure) {
      setError(apiErrorMessage(failure, ERRORS.markReviewComplete));
    }
  };

  const reopen = async () => {
    try {
      await reopenReview(test._id).unwrap();
      leaveStep();
      dispatch({ type: 'reopen' });
    } catch (failure) {
      setError(apiErrorMessage(failure, ERRORS.resetReview));
    }
  };

  const addQuestion = () => {
    const number = Number(questionNumber);
    if (questionNumber.trim() === '' || !Number.isFinite(number)) {
      setNumberError(VALIDATION.questionNumberFirst);
      return;
    }
    setNumberError(null);
    setAdding(number);
  };

  if (state.isComplete) {
    return (
      <ReviewComplete testId={test._id} busy={busy} error={error} onReopen={() => void reopen()} />
    );
  }

  return (
    <Stack spacing={3}>
      <Stepper activeStep={state.step} alternativeLabel sx={WIDE_LAYOUT_ONLY}>
        {SECTIONS.map((s) => (
          <Step key={s.key} completed={state.sectionsReviewed[s.key]}>
            <StepLabel>{s.abbreviation}</StepLabel>
          </Step>
        ))}
      </Stepper>
      <Paper
        variant="outlined"
        component="section"
        aria-labelledby="review-step-title"
        sx={{ p: { xs: 2, sm: 3 } }}
      >
        <Typography color="text.secondary">
          Section {state.step + 1} of {STEP_COUNT}
        </Typography>
        <Typography id="review-step-title" variant="h5" component="h2" gutterBottom>
          {section.name}
        </Typography>
        <ReviewError error={error} />
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ alignItems: 'flex-start', mb: 2 }}
        >
          <TextField
            label="Question Number"
            type="number"
            size="small"
            value={questionNumber}
            onChange={(event) => setQuestionNumber(event.target.value)}
            error={numberError !== null}
            helperText={numberError}
            slotProps={{ htmlInput: { min: 1, inputMode: 'numeric' } }}
          />
          <Button variant="contained" onClick={addQuestion}>
            Add Missed Question
          </Button>
          <Button variant="outlined" onClick={() => void stepDone()} disabled={busy}>
            No Missed Questions in This Section
          </Button>
        </Stack>
        {adding !== null ? (
          <Box sx={{ mb: 3 }}>
            {renderQuestionForm({
              section: section.name,
              questionNumber: adding,
              onDone: () => {
                setAdding(null);
                setQuestionNumber('');
              },
            })}
          </Box>
        ) : null}
        {renderSectionQuestions(section.name)}
      </Paper>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, justifyContent: 'space-between' }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          <Button
            variant="outlined"
            disabled={state.step === 0 || busy}
            onClick={() => {
              leaveStep();
              dispatch({ type: 'previous' });
            }}
          >
            Previous Section
          </Button>
          <Button variant="contained" onClick={() => void stepDone()} disabled={busy}>
            Next Section
          </Button>
        </Box>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          <Button onClick={onExit}>Exit Review</Button>
          <Button
            variant="outlined"
            color="success"
            onClick={() => void markComplete()}
            disabled={busy}
          >
            Mark Review Complete
          </Button>
        </Box>
      </Box>
    </Stack>
  );
}
