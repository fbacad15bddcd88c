import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { RouterLink } from '../../../components/router-link';
import { formatDueTime, formatInterval } from '../utils/intervals';

interface NothingDueProps {
  /** How many were reviewed in this sitting (0: none were due when the page opened). */
  reviewed: number;
  /** The earliest next review of those, if any. */
  nextReviewAt: string | null;
  onCheckAgain: () => void;
  checking: boolean;
}

/** Nothing left to re-review: when the next one comes back, or how questions get here. */
export function NothingDue({ reviewed, nextReviewAt, onCheckAgain, checking }: NothingDueProps) {
  return (
    <Paper variant="outlined" component="section" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h5" component="h2" gutterBottom>
        {reviewed > 0
          ? `Done: you re-reviewed ${reviewed} question${reviewed === 1 ? '' : 's'}`
          : 'Nothing to re-review now'}
      </Typography>
      {nextReviewAt ? (
        <Typography gutterBottom>
          The next one is due in {formatInterval(new Date(), new Date(nextReviewAt))} (
          {formatDueTime(nextReviewAt)}).
        </Typography>
      ) : null}
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Every missed question you log comes back here on a spaced schedule: first the day you log
        it, then later each time you remember it well. Log missed questions while you review a
        practice test.
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        <Button variant="contained" component={RouterLink} to="/tests">
          Go to your tests
        </Button>
        <Button variant="outlined" onClick={onCheckAgain} disabled={checking}>
          {checking ? 'Checking...' : 'Check again'}
        </Button>
      </Stack>
    </Paper>
  );
}
