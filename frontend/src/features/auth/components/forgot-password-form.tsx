/** Asks for a reset link; the answer never says whether the account exists. */
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  AUTH_ALERT_HIDE_MS,
  AUTH_MESSAGES,
  ERRORS,
  forgotPasswordSchema,
  type ForgotPasswordBody,
} from '@mcat/contracts';
import type { z } from 'zod';
import { FormTextField } from '../../../components/form-text-field';
import { SubmitButton } from '../../../components/submit-button';
import { apiErrorMessage } from '../../../lib/api-error';
import { useTimedMessage } from '../../../lib/use-timed-message';
import { RouterLink } from '../../../components/router-link';
import { EMAIL_FIELD } from './account-fields';
import { useForgotPasswordMutation } from '../api/auth-api';

export function ForgotPasswordForm() {
  const [requestReset] = useForgotPasswordMutation();
  const [sent, setSent] = useState(false);
  const alert = useTimedMessage(AUTH_ALERT_HIDE_MS);
  const form = useForm<z.input<typeof forgotPasswordSchema>, unknown, ForgotPasswordBody>({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { email: '' },
  });
  const {
    handleSubmit,
    formState: { isSubmitting },
  } = form;

  const submit = handleSubmit(async (values) => {
    alert.clear();
    try {
      await requestReset(values).unwrap();
      setSent(true);
    } catch (error) {
      alert.show(apiErrorMessage(error, ERRORS.requestReset));
    }
  });

  if (sent) {
    return (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Typography variant="h5" component="h2">
          Check Your Email!
        </Typography>
        <Typography>{AUTH_MESSAGES.resetRequested}</Typography>
        <Button variant="contained" component={RouterLink} to="/login">
          Return to Login
        </Button>
      </Stack>
    );
  }

  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={2}>
      <Typography>
        Enter the email address of your account and we will send you a link to reset your password.
      </Typography>
      {alert.message ? <Alert severity="error">{alert.message}</Alert> : null}
      <FormTextField form={form} name="email" {...EMAIL_FIELD} />
      <SubmitButton size="large" busy={isSubmitting} busyLabel="Sending...">
        Send Reset Link
      </SubmitButton>
      <Typography>
        <Link component={RouterLink} to="/login">
          Back to Login
        </Link>
      </Typography>
    </Stack>
  );
}
