import { useEffect } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { REVIEW_OUTCOMES, type DueQuestion, type ReviewOutcome } from '@mcat/contracts';
import { formatTestDate } from '../../../lib/dates';
import { formatInterval } from '../utils/intervals';
import { TopicChip } from '../../../components/topic-chip';

const OUTCOME_LABELS: Record<ReviewOutcome, string> = {
  again: 'Again',
  hard: 'Hard',
  good: 'Good',
  easy: 'Easy',
};

/** Palette colours whose text meets AA on the paper in both schemes (warning and info do not). */
const OUTCOME_COLORS = {
  again: 'error',
  hard: 'secondary',
  good: 'success',
  easy: 'primary',
} as const;

interface ReviewQuestionCardProps {
  question: DueQuestion;
  revealed: boolean;
  onReveal: () => void;
  /** The outcome being recorded, while it is. */
  busyOutcome: ReviewOutcome | null;
  onOutcome: (outcome: ReviewOutcome) => void;
}

function AnswerPart({ title, text }: { title: string; text: string }) {
  return (
    <Box>
      <Typography variant="subtitle2" component="h3" color="text.secondary">
        {title}
      </Typography>
      <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{text}</Typography>
    </Box>
  );
}

/**
 * One due question: what it was (section, number, mistake type, tags, test) first; the student's
 * own reasons and plan on "Show answer"; then the four outcomes, each with the wait it would give.
 * Keys 1 to 4 pick an outcome once the answer shows.
 */
export function ReviewQuestionCard({
  question,
  revealed,
  onReveal,
  busyOutcome,
  onOutcome,
}: ReviewQuestionCardProps) {
  const busy = busyOutcome !== null;
  const test = typeof question.test === 'string' ? null : question.test;

  useEffect(() => {
    if (!revealed || busy) return undefined;
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      const outcome = REVIEW_OUTCOMES[Number(event.key) - 1];
      if (outcome) onOutcome(outcome);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [revealed, busy, onOutcome]);

  const now = new Date();
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="re-review-question-heading"
      sx={{ p: { xs: 2, sm: 3 } }}
    >
      <Typography id="re-review-question-heading" variant="h5" component="h2" gutterBottom>
        {question.section}, question {question.questionNumber}
      </Typography>
      {test ? (
        <Typography color="text.secondary" gutterBottom>
          {test.source} · {formatTestDate(test.dateTaken)}
        </Typography>
      ) : null}
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mb: 2 }}>
        <Chip
          label={question.mistakeType || 'No mistake type'}
          color={question.mistakeType ? 'primary' : 'default'}
          variant="outlined"
        />
        {question.topicTags.map((tag) => (
          <TopicChip key={tag} label={tag} />
        ))}
      </Stack>
      {!revealed ? (
        <>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            Recall why you missed it, what makes the right answer right and your plan, then check.
          </Typography>
          <Button variant="contained" onClick={onReveal} autoFocus>
            Show answer
          </Button>
        </>
      ) : (
        <>
          <Stack spacing={2} sx={{ mb: 3 }}>
            <AnswerPart title="Why you got it wrong" text={question.wrongAnswerReason} />
            <AnswerPart title="Why the right answer is right" text={question.rightAnswerReason} />
            <AnswerPart title="Your plan" text={question.improvementPlan} />
          </Stack>
          <Typography id="re-review-outcome-label" component="h3" variant="subtitle1" gutterBottom>
            How well did you remember it?
          </Typography>
          <Box
            role="group"
            aria-labelledby="re-review-outcome-label"
            sx={{
              display: 'grid',
              gap: 1,
              gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(4, 1fr)' },
            }}
          >
            {REVIEW_OUTCOMES.map((outcome, index) => {
              const wait = formatInterval(now, new Date(question.nextReviewAtByOutcome[outcome]));
              return (
                <Button
                  key={outcome}
                  variant="outlined"
                  color={OUTCOME_COLORS[outcome]}
                  disabled={busy}
                  onClick={() => onOutcome(outcome)}
                  aria-label={`${OUTCOME_LABELS[outcome]}: next review in ${wait} (key ${index + 1})`}
                  sx={{ flexDirection: 'column', py: 1 }}
                >
                  {busyOutcome === outcome ? (
                    <CircularProgress size={20} color="inherit" aria-hidden="true" />
                  ) : (
                    <span>{OUTCOME_LABELS[outcome]}</span>
                  )}
                  <Typography component="span" variant="caption">
                    {wait}
                  </Typography>
                </Button>
              );
            })}
          </Box>
        </>
      )}
    </Paper>
  );
}
