/** The profile page's "Your data" card: download everything, or delete the account. */
import { useState } from 'react';
import { useDispatch } from 'react-redux';
import { useNavigate } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ACCOUNT_DATA_FILE_NAME, ACCOUNT_DATA_TEXTS as T, type User } from '@mcat/contracts';
import { accountDeleted, api } from '../../../lib/api';
import { apiErrorMessage } from '../../../lib/api-error';
import { saveDownload } from '../../../lib/download';
import { useExportAccountDataMutation } from '../api/account-data-api';
import { accountDeletedState } from './account-deleted-notice';
import { DeleteAccountDialog } from './delete-account-dialog';

export function AccountDataCard({ user }: { user: User }) {
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const [exportData, exportCall] = useExportAccountDataMutation();
  const [exportError, setExportError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);

  const download = async () => {
    setExportError(null);
    try {
      saveDownload(await exportData().unwrap(), ACCOUNT_DATA_FILE_NAME);
    } catch (failure) {
      setExportError(apiErrorMessage(failure, T.exportFailed));
    }
  };

  const deleted = () => {
    // Signing out sends the protected page to /login with the notice (RequireSession); navigating
    // here as well serves a card shown outside that guard.
    dispatch(accountDeleted());
    dispatch(api.util.resetApiState());
    void navigate('/login', { replace: true, state: accountDeletedState });
  };

  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 2, sm: 4 } }}
      component="section"
      aria-labelledby="account-data-title"
    >
      <Typography variant="h5" component="h2" id="account-data-title" gutterBottom>
        {T.title}
      </Typography>
      <Stack spacing={2}>
        <Typography>{T.exportIntro}</Typography>
        {exportError ? <Alert severity="error">{exportError}</Alert> : null}
        <div>
          <Button
            variant="outlined"
            onClick={() => void download()}
            disabled={exportCall.isLoading}
          >
            {exportCall.isLoading ? T.exportBusy : T.exportButton}
          </Button>
        </div>
        <Typography>{T.deleteIntro}</Typography>
        <div>
          <Button
            variant="outlined"
            color="error"
            onClick={() => setConfirming(true)}
            aria-haspopup="dialog"
          >
            {T.deleteButton}
          </Button>
        </div>
      </Stack>
      <DeleteAccountDialog
        open={confirming}
        isPremium={user.isPremium}
        onClose={() => setConfirming(false)}
        onDeleted={deleted}
      />
    </Paper>
  );
}
