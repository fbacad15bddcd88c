import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';

interface LoadingSpinnerProps {
  label?: string;
}

/** A centred spinner with a visible, announced label. */
export function LoadingSpinner({ label = 'Loading...' }: LoadingSpinnerProps) {
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2, py: 8 }}
    >
      <CircularProgress aria-hidden="true" />
      <Typography>{label}</Typography>
    </Box>
  );
}
