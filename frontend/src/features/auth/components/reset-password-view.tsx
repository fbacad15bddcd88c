/** Checks the reset link, takes the new password, then returns to /login after 3 seconds. */
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Typography from '@mui/material/Typography';
import {
  ERRORS,
  RESET_REDIRECT_MS,
  resetPasswordFormSchema,
  type ResetPasswordForm,
} from '@mcat/contracts';
import type { z } from 'zod';
import { FormTextField } from '../../../components/form-text-field';
import { LoadingSpinner } from '../../../components/loading-spinner';
import { apiErrorMessage } from '../../../lib/api-error';
import { NEW_PASSWORD_FIELD } from './account-fields';
import { AuthFormShell, AuthNotice, useAuthAlerts } from './auth-form-shell';
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
  const { attempt, ...alerts } = useAuthAlerts();
  const form = useForm<ResetPasswordForm, unknown, z.output<typeof resetPasswordFormSchema>>({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });

  useEffect(() => {
    if (!done) return undefined;
    const timer = setTimeout(onDone, RESET_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [done, onDone]);

  const submit = form.handleSubmit(({ password }) =>
    attempt(async () => {
      await resetPassword({ token, body: { password } }).unwrap();
      setDone(true);
    }, ERRORS.resetPassword),
  );

  if (validation.isLoading) return <LoadingSpinner label="Validating reset token..." />;

  if (validation.isError) {
    return (
      <AuthNotice
        title="Invalid or Expired Link"
        action={{ to: '/forgot-password', label: 'Request New Reset Link' }}
      >
        <Typography>{apiErrorMessage(validation.error, ERRORS.invalidResetToken)}</Typography>
      </AuthNotice>
    );
  }

  if (done) {
    return (
      <AuthNotice title="Password Reset Successful!">
        <Typography role="status">
          You can now log in with your new password. Redirecting to login...
        </Typography>
      </AuthNotice>
    );
  }

  return (
    <AuthFormShell
      onSubmit={submit}
      alerts={alerts}
      busy={form.formState.isSubmitting}
      submitLabel="Reset Password"
      busyLabel="Resetting..."
    >
      <FormTextField form={form} name="password" label="New Password" {...NEW_PASSWORD_FIELD} />
      <FormTextField
        form={form}
        name="confirmPassword"
        label="Confirm New Password"
        {...NEW_PASSWORD_FIELD}
      />
    </AuthFormShell>
  );
}
