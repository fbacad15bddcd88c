/**
 * Where a reminder mail's unsubscribe link leads in a browser: one button turns the reminders off
 * (the same one-click POST a mail client sends), without sign-in. Nothing happens on opening the
 * page, as link checkers open it too.
 */
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { UNSUBSCRIBE_PAGE_TEXTS as T } from '@mcat/contracts';
import { RouterLink } from '../../../components/router-link';
import { apiErrorMessage } from '../../../lib/api-error';
import { useUnsubscribeReviewRemindersMutation } from '../api/auth-api';

export function UnsubscribeView({ token }: { token: string }) {
  const [unsubscribe, call] = useUnsubscribeReviewRemindersMutation();
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const turnOff = async () => {
    setError(null);
    try {
      setDone((await unsubscribe(token).unwrap()).message);
    } catch (failure) {
      setError(apiErrorMessage(failure, T.failed));
    }
  };

  if (done) {
    return (
      <Stack spacing={2}>
        <Alert severity="success">{done}</Alert>
        <Link component={RouterLink} to="/profile">
          {T.profileLink}
        </Link>
      </Stack>
    );
  }
  return (
    <Stack spacing={2}>
      <Typography>{T.intro}</Typography>
      {error ? <Alert severity="error">{error}</Alert> : null}
      <div>
        <Button variant="contained" onClick={() => void turnOff()} disabled={call.isLoading}>
          {call.isLoading ? T.busy : T.confirm}
        </Button>
      </div>
    </Stack>
  );
}
