/**
 * What the account forms share. The form: no browser validation (the schema's messages show under
 * the fields), a success note and a danger alert that hide by themselves, the fields, the submit
 * button (busy while sending, disabled until the app runs) and links under it. The notice a form
 * gives way to once it is done, or when it cannot be used.
 */
import { useCallback, type FormEventHandler, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { AUTH_ALERT_HIDE_MS, SUCCESS_MESSAGE_HIDE_MS } from '@mcat/contracts';
import { RouterLink } from '../../../components/router-link';
import { SubmitButton } from '../../../components/submit-button';
import { apiErrorMessage } from '../../../lib/api-error';
import { useTimedMessage } from '../../../lib/use-timed-message';

export interface AuthAlerts {
  success: string | null;
  failure: string | null;
}

/**
 * A form's alerts and how it sends: `attempt` clears both alerts, runs `action`, then shows the
 * note it returns (if any) for SUCCESS_MESSAGE_HIDE_MS, or the error's message (`fallback` when
 * the answer has none) for AUTH_ALERT_HIDE_MS.
 */
export const useAuthAlerts = () => {
  const {
    message: success,
    show: showSuccess,
    clear: clearSuccess,
  } = useTimedMessage(SUCCESS_MESSAGE_HIDE_MS);
  const {
    message: failure,
    show: showFailure,
    clear: clearFailure,
  } = useTimedMessage(AUTH_ALERT_HIDE_MS);

  const attempt = useCallback(
    async (action: () => Promise<string | void>, fallback: string) => {
      clearSuccess();
      clearFailure();
      try {
        const note = await action();
        if (note) showSuccess(note);
      } catch (error) {
        showFailure(apiErrorMessage(error, fallback));
      }
    },
    [clearSuccess, clearFailure, showSuccess, showFailure],
  );

  return { success, failure, attempt };
};

interface AuthFormShellProps {
  onSubmit: FormEventHandler<HTMLFormElement>;
  alerts: AuthAlerts;
  /** Whether the form is sending: the button says `busyLabel` and cannot be pressed. */
  busy: boolean;
  submitLabel: string;
  busyLabel: string;
  /**
   * Given when the form is one of several on its page (the profile): the form is named by it and
   * its button sits at the start. Without it the form is the page's own, with a large button.
   */
  label?: string;
  /** A sentence above the alerts. */
  intro?: string;
  /** The fields. */
  children: ReactNode;
  /** Under the button: links to the other account pages. */
  links?: ReactNode;
}

export function AuthFormShell({
  onSubmit,
  alerts,
  busy,
  submitLabel,
  busyLabel,
  label,
  intro,
  children,
  links,
}: AuthFormShellProps) {
  return (
    <Stack component="form" noValidate onSubmit={onSubmit} spacing={2} aria-label={label}>
      {intro ? <Typography>{intro}</Typography> : null}
      {alerts.success ? <Alert severity="success">{alerts.success}</Alert> : null}
      {alerts.failure ? <Alert severity="error">{alerts.failure}</Alert> : null}
      {children}
      <SubmitButton
        size={label ? undefined : 'large'}
        sx={label ? { alignSelf: 'flex-start' } : undefined}
        busy={busy}
        busyLabel={busyLabel}
      >
        {submitLabel}
      </SubmitButton>
      {links}
    </Stack>
  );
}

interface AuthNoticeProps {
  title: string;
  /** What happened, in one or two sentences. */
  children: ReactNode;
  /** A button to where the student goes next, as wide as its label. */
  action?: { to: string; label: string };
}

export function AuthNotice({ title, children, action }: AuthNoticeProps) {
  return (
    <Stack spacing={2} sx={action ? { alignItems: 'flex-start' } : undefined}>
      <Typography variant="h5" component="h2">
        {title}
      </Typography>
      {children}
      {action ? (
        <Button variant="contained" component={RouterLink} to={action.to}>
          {action.label}
        </Button>
      ) : null}
    </Stack>
  );
}
