import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CelebrationIcon from '@mui/icons-material/Celebration';
import { RouterLink } from '../../../components/router-link';
import { ReviewError } from './review-error';

interface ReviewCompleteProps {
  testId: string;
  busy: boolean;
  error: string | null;
  onReopen: () => void;
}

/** The wizard's completion screen. */
export function ReviewComplete({ testId, busy, error, onReopen }: ReviewCompleteProps) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center' }}>
      <CelebrationIcon color="success" sx={{ fontSize: 56 }} aria-hidden="true" />
      <Typography variant="h5" component="h2" gutterBottom>
        Great job! You have reviewed every section of this test.
      </Typography>
      <Typography sx={{ mb: 3 }}>
        Your missed questions are saved. Come back to them before your next practice test.
      </Typography>
      <ReviewError error={error} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'center' }}>
        <Button variant="contained" component={RouterLink} to={`/tests/${testId}`}>
          View Test Details
        </Button>
        <Button variant="outlined" onClick={onReopen} disabled={busy}>
          Reopen Review
        </Button>
      </Stack>
    </Paper>
  );
}
