/** Checks the reset link, takes the new password, then returns to /login after 3 seconds. */
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  AUTH_ALERT_HIDE_MS,
  ERRORS,
  RESET_REDIRECT_MS,
  resetPasswordFormSchema,
  type ResetPasswordForm,
} from '@mcat/contracts';
import type { z } from 'zod';
import { FormTextField } from '../../../components/form-text-field';
import { SubmitButton } from '../../../components/submit-button';
import { apiErrorMessage } from '../../../lib/api-error';
import { useTimedMessage } from '../../../lib/use-timed-message';
import { LoadingSpinner } from '../../../components/loading-spinner';
import { RouterLink } from '../../../components/router-link';
import { NEW_PASSWORD_FIELD } from './account-fields';
import { useResetPasswordMutation, useValidateResetTokenQuery } from '../api/auth-api';
import { useCommonPasswordCheck } from './use-common-passwords';

interface ResetPasswordViewProps {
  token: string;
  onDone: () => void;
}

export function ResetPasswordView({ token, onDone }: ResetPasswordViewProps) {
  const validation = useValidateResetTokenQuery(token);
  const [resetPassword] = useResetPasswordMutation();
  useCommonPasswordCheck();
  const [done, setDone] = useState(false);
  const alert = useTimedMessage(AUTH_ALERT_HIDE_MS);
  const form = useForm<ResetPasswordForm, unknown, z.output<typeof resetPasswordFormSchema>>({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const {
    handleSubmit,
    formState: { isSubmitting },
  } = form;

  useEffect(() => {
    if (!done) return undefined;
    const timer = setTimeout(onDone, RESET_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [done, onDone]);

  const submit = handleSubmit(async ({ password }) => {
    alert.clear();
    try {
      await resetPassword({ token, body: { password } }).unwrap();
      setDone(true);
    } catch (error) {
      alert.show(apiErrorMessage(error, ERRORS.resetPassword));
    }
  });

  if (validation.isLoading) return <LoadingSpinner label="Validating reset token..." />;

  if (validation.isError) {
    return (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Typography variant="h5" component="h2">
          Invalid or Expired Link
        </Typography>
        <Typography>{apiErrorMessage(validation.error, ERRORS.invalidResetToken)}</Typography>
        <Button variant="contained" component={RouterLink} to="/forgot-password">
          Request New Reset Link
        </Button>
      </Stack>
    );
  }

  if (done) {
    return (
      <Stack spacing={2}>
        <Typography variant="h5" component="h2">
          Password Reset Successful!
        </Typography>
        <Typography role="status">
          You can now log in with your new password. Redirecting to login...
        </Typography>
      </Stack>
    );
  }

  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={2}>
      {alert.message ? <Alert severity="error">{alert.message}</Alert> : null}
      <FormTextField form={form} name="password" label="New Password" {...NEW_PASSWORD_FIELD} />
      <FormTextField
        form={form}
        name="confirmPassword"
        label="Confirm New Password"
        {...NEW_PASSWORD_FIELD}
      />
      <SubmitButton size="large" busy={isSubmitting} busyLabel="Resetting...">
        Reset Password
      </SubmitButton>
    </Stack>
  );
}
