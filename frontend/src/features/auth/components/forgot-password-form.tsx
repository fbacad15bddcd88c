/** Asks for a reset link; the answer never says whether the account exists. */
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import {
  AUTH_MESSAGES,
  ERRORS,
  forgotPasswordSchema,
  type ForgotPasswordBody,
} from '@mcat/contracts';
import type { z } from 'zod';
import { FormTextField } from '../../../components/form-text-field';
import { RouterLink } from '../../../components/router-link';
import { EMAIL_FIELD } from './account-fields';
import { AuthFormShell, AuthNotice, useAuthAlerts } from './auth-form-shell';
import { useForgotPasswordMutation } from '../api/auth-api';

export function ForgotPasswordForm() {
  const [requestReset] = useForgotPasswordMutation();
  const [sent, setSent] = useState(false);
  const { attempt, ...alerts } = useAuthAlerts();
  const form = useForm<z.input<typeof forgotPasswordSchema>, unknown, ForgotPasswordBody>({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { email: '' },
  });

  const submit = form.handleSubmit((values) =>
    attempt(async () => {
      await requestReset(values).unwrap();
      setSent(true);
    }, ERRORS.requestReset),
  );

  if (sent) {
    return (
      <AuthNotice title="Check Your Email!" action={{ to: '/login', label: 'Return to Login' }}>
        <Typography>{AUTH_MESSAGES.resetRequested}</Typography>
      </AuthNotice>
    );
  }

  return (
    <AuthFormShell
      onSubmit={submit}
      alerts={alerts}
      busy={form.formState.isSubmitting}
      submitLabel="Send Reset Link"
      busyLabel="Sending..."
      intro="Enter the email address of your account and we will send you a link to reset your password."
      links={
        <Typography>
          <Link component={RouterLink} to="/login">
            Back to Login
          </Link>
        </Typography>
      }
    >
      <FormTextField form={form} name="email" {...EMAIL_FIELD} />
    </AuthFormShell>
  );
}
