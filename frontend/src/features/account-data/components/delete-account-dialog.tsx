/** The deletion's confirmation: what will be lost, and the password asked again. */
import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ACCOUNT_DATA_TEXTS as T, deleteAccountSchema } from '@mcat/contracts';
import { apiErrorMessage } from '../../../lib/api-error';
import {
  useAccountQuestionsQuery,
  useAccountTestsQuery,
  useDeleteAccountMutation,
} from '../api/account-data-api';

interface DeleteAccountDialogProps {
  open: boolean;
  isPremium: boolean;
  onClose: () => void;
  onDeleted: () => void;
}

export function DeleteAccountDialog({
  open,
  isPremium,
  onClose,
  onDeleted,
}: DeleteAccountDialogProps) {
  const tests = useAccountTestsQuery(undefined, { skip: !open });
  const questions = useAccountQuestionsQuery(undefined, { skip: !open });
  const [deleteAccount, deletion] = useDeleteAccountMutation();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const counting = tests.isLoading || questions.isLoading;

  const close = () => {
    if (deletion.isLoading) return;
    setPassword('');
    setError(null);
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = deleteAccountSchema.safeParse({ password });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? T.deleteFailed);
      return;
    }
    setError(null);
    try {
      await deleteAccount(parsed.data).unwrap();
      onDeleted();
    } catch (failure) {
      setError(apiErrorMessage(failure, T.deleteFailed));
    }
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      aria-labelledby="delete-account-title"
      fullWidth
      maxWidth="xs"
    >
      <form noValidate onSubmit={(event) => void submit(event)} aria-label={T.dialogTitle}>
        <DialogTitle id="delete-account-title">{T.dialogTitle}</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            {counting ? (
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} role="status">
                <CircularProgress size={18} />
                <Typography>{T.dialogCounting}</Typography>
              </Stack>
            ) : (
              <div>
                <Typography>{T.willLose}</Typography>
                <Typography component="ul" sx={{ mt: 0.5, mb: 0, pl: 3 }}>
                  {tests.data ? <li>{T.tests(tests.data.length)}</li> : null}
                  {questions.data ? <li>{T.questions(questions.data.length)}</li> : null}
                  <li>{T.schedules}</li>
                </Typography>
              </div>
            )}
            {isPremium ? <Alert severity="warning">{T.premium}</Alert> : null}
            {error ? <Alert severity="error">{error}</Alert> : null}
            <TextField
              label={T.passwordLabel}
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              helperText={T.passwordHelp}
              required
              fullWidth
              autoFocus
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={deletion.isLoading}>
            {T.cancel}
          </Button>
          <Button type="submit" color="error" variant="contained" disabled={deletion.isLoading}>
            {deletion.isLoading ? `${T.confirm}…` : T.confirm}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
