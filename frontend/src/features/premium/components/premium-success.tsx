/** The success screen, then the dashboard with its thank-you modal (after a moment or a click). */
import { useEffect } from 'react';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { CrownIcon } from '../../../components/crown-icon';

const CONTINUE_AFTER_MS = 3000;

export function PremiumSuccess({ onContinue }: { onContinue: () => void }) {
  useEffect(() => {
    const timer = setTimeout(onContinue, CONTINUE_AFTER_MS);
    return () => clearTimeout(timer);
  }, [onContinue]);

  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center' }} role="status">
      <CrownIcon sx={{ fontSize: 56, color: '#b8860b' }} aria-hidden="true" />
      <Typography variant="h5" component="h2" gutterBottom>
        Payment Successful!
      </Typography>
      <Typography sx={{ mb: 3 }}>
        You are now a Premium member. Taking you to your dashboard...
      </Typography>
      <Button variant="contained" onClick={onContinue}>
        Go to Dashboard
      </Button>
    </Paper>
  );
}
