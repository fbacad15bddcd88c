import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { REVIEW_MESSAGES } from '@mcat/contracts';
import { RouterLink } from '../../../components/router-link';
import { SectionCard } from '../../../components/section-card';
import { apiErrorMessage } from '../../../lib/api-error';
import { useGetDueCountQuery } from '../api/re-review-api';

/** The dashboard's card: how many missed questions are due for re-review, and the way there. */
export function ReReviewCard() {
  const due = useGetDueCountQuery(undefined, { refetchOnMountOrArgChange: true });
  const count = due.data?.due ?? 0;
  let body;
  if (due.isLoading) {
    body = (
      <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <CircularProgress size={20} aria-hidden="true" />
        <Typography>Counting the questions due...</Typography>
      </Box>
    );
  } else if (due.isError) {
    body = (
      <Alert severity="error">{apiErrorMessage(due.error, REVIEW_MESSAGES.dueFetchFailed)}</Alert>
    );
  } else if (count > 0) {
    body = (
      <Typography>
        <strong>{count}</strong> missed question{count === 1 ? ' is' : 's are'} due for re-review.
      </Typography>
    );
  } else {
    body = (
      <Typography color="text.secondary">
        Nothing is due for re-review now. Missed questions you log come back here on a spaced
        schedule.
      </Typography>
    );
  }
  return (
    <Box sx={{ mb: 3 }}>
      <SectionCard
        title="Re-review"
        actions={
          <Button
            variant={count > 0 ? 'contained' : 'outlined'}
            component={RouterLink}
            to="/re-review"
          >
            {count > 0 ? 'Start re-review' : 'Open re-review'}
          </Button>
        }
      >
        {body}
      </SectionCard>
    </Box>
  );
}
