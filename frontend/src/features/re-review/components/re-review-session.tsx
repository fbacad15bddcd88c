import { useCallback, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { REVIEW_MESSAGES, type DueQuestion, type ReviewOutcome } from '@mcat/contracts';
import { apiErrorMessage, isNotFound } from '../../../lib/api-error';
import { useReviewQuestionMutation } from '../api/re-review-api';
import { NothingDue } from './nothing-due';
import { ReviewQuestionCard } from './review-question-card';

interface ReReviewSessionProps {
  /** The questions due when the sitting began, walked in this order (most overdue first). */
  questions: readonly DueQuestion[];
  onCheckAgain: () => void;
  checking: boolean;
}

const earliest = (times: readonly string[]): string | null =>
  times.reduce<string | null>((min, t) => (min === null || t < min ? t : min), null);

/** One sitting: the due questions one at a time, each outcome recorded before the next shows. */
export function ReReviewSession({ questions, onCheckAgain, checking }: ReReviewSessionProps) {
  const [index, setIndex] = useState(0);
  const [revealed, setRevealed] = useState(false);
  const [busyOutcome, setBusyOutcome] = useState<ReviewOutcome | null>(null);
  const [error, setError] = useState<{ message: string; missing: boolean } | null>(null);
  const [nextTimes, setNextTimes] = useState<string[]>([]);
  const [review] = useReviewQuestionMutation();
  const question = questions[index];

  const advance = useCallback(() => {
    setIndex((i) => i + 1);
    setRevealed(false);
    setError(null);
  }, []);

  const record = useCallback(
    async (outcome: ReviewOutcome) => {
      if (!question) return;
      setBusyOutcome(outcome);
      setError(null);
      const result = await review({ id: question._id, outcome });
      setBusyOutcome(null);
      if (result.error) {
        setError({
          message: apiErrorMessage(result.error, REVIEW_MESSAGES.reviewFailed),
          missing: isNotFound(result.error),
        });
        return;
      }
      setNextTimes((times) => [...times, result.data.nextReviewAt]);
      advance();
    },
    [question, review, advance],
  );

  if (!question) {
    return (
      <NothingDue
        reviewed={nextTimes.length}
        nextReviewAt={earliest(nextTimes)}
        onCheckAgain={onCheckAgain}
        checking={checking}
      />
    );
  }

  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2 }}>
        <Typography aria-live="polite" sx={{ whiteSpace: 'nowrap' }}>
          {index + 1} of {questions.length}
        </Typography>
        <LinearProgress
          variant="determinate"
          value={(index / questions.length) * 100}
          aria-label="Re-review progress"
          sx={{ flex: 1 }}
        />
        <Button size="small" onClick={advance} disabled={busyOutcome !== null}>
          Skip
        </Button>
      </Box>
      {error ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {error.message}
          {error.missing ? ' It may have been deleted; skip it to go on.' : ''}
        </Alert>
      ) : null}
      <ReviewQuestionCard
        key={question._id}
        question={question}
        revealed={revealed}
        onReveal={() => setRevealed(true)}
        busyOutcome={busyOutcome}
        onOutcome={(outcome) => void record(outcome)}
      />
    </Box>
  );
}
