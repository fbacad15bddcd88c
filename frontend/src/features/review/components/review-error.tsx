import Alert from '@mui/material/Alert';

/** The review's failed save, above what the student does next; nothing without one. */
export function ReviewError({ error }: { error: string | null }) {
  return error ? (
    <Alert severity="error" sx={{ mb: 2 }}>
      {error}
    </Alert>
  ) : null;
}
