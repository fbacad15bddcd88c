/** Under the rows of a paged list: the next page on its way, or why it failed and a retry. */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';

interface LoadMoreStatusProps {
  loading: boolean;
  /** Why the next page failed, or null. */
  failure: string | null;
  onRetry: () => void;
}

/** "Failed to fetch questions" and "Invalid cursor." both end as one sentence. */
const asSentence = (text: string): string => (/[.!?]$/.test(text) ? text : `${text}.`);

export function LoadMoreStatus({ loading, failure, onRetry }: LoadMoreStatusProps) {
  if (failure !== null) {
    return (
      <Alert
        severity="error"
        sx={{ m: 2 }}
        action={
          <Button color="inherit" size="small" onClick={onRetry}>
            Try again
          </Button>
        }
      >
        {asSentence(failure)} The questions above are kept: check your connection, then try again.
      </Alert>
    );
  }
  if (!loading) return null;
  return (
    <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1.5, p: 2 }}>
      <CircularProgress size={20} aria-hidden="true" />
      <Typography>Loading more questions…</Typography>
    </Box>
  );
}
