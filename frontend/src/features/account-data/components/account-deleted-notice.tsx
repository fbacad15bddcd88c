/** On the login page after a deletion: says the account is gone and the e-mail is free again. */
import { useLocation } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import { ACCOUNT_DATA_MESSAGES } from '@mcat/contracts';

/** Where the notice of a deleted account travels to the login page, as the location's state. */
export interface AccountDeletedState {
  accountDeletedNotice: string;
}

export const accountDeletedState: AccountDeletedState = {
  accountDeletedNotice: ACCOUNT_DATA_MESSAGES.deletedNotice,
};

const noticeOf = (state: unknown): string | null =>
  typeof state === 'object' &&
  state !== null &&
  typeof (state as Partial<AccountDeletedState>).accountDeletedNotice === 'string'
    ? (state as AccountDeletedState).accountDeletedNotice
    : null;

export function AccountDeletedNotice() {
  const notice = noticeOf(useLocation().state);
  return notice ? (
    <Alert severity="success" sx={{ mb: 2 }} role="status">
      {notice}
    </Alert>
  ) : null;
}
