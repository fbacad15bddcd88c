/** Email and password sign-in; errors show as a danger alert for 5 seconds. */
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { AUTH_ALERT_HIDE_MS, ERRORS, loginSchema, type LoginBody } from '@mcat/contracts';
import type { z } from 'zod';
import { FormTextField } from '../../../components/form-text-field';
import { SubmitButton } from '../../../components/submit-button';
import { apiErrorMessage } from '../../../lib/api-error';
import { useTimedMessage } from '../../../lib/use-timed-message';
import { RouterLink } from '../../../components/router-link';
import { CURRENT_PASSWORD_FIELD, EMAIL_FIELD } from './account-fields';
import { useLoginMutation } from '../api/auth-api';

interface LoginFormProps {
  onSignedIn: () => void;
}

export function LoginForm({ onSignedIn }: LoginFormProps) {
  const [login] = useLoginMutation();
  const alert = useTimedMessage(AUTH_ALERT_HIDE_MS);
  const form = useForm<z.input<typeof loginSchema>, unknown, LoginBody>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: '', password: '' },
  });
  const {
    handleSubmit,
    formState: { isSubmitting },
  } = form;

  const submit = handleSubmit(async (values) => {
    alert.clear();
    try {
      await login(values).unwrap();
      onSignedIn();
    } catch (error) {
      alert.show(apiErrorMessage(error, ERRORS.login));
    }
  });

  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={2}>
      {alert.message ? <Alert severity="error">{alert.message}</Alert> : null}
      <FormTextField form={form} name="email" {...EMAIL_FIELD} />
      <FormTextField form={form} name="password" label="Password" {...CURRENT_PASSWORD_FIELD} />
      <SubmitButton size="large" busy={isSubmitting} busyLabel="Logging in...">
        Login
      </SubmitButton>
      <Typography>
        Don&apos;t have an account?{' '}
        <Link component={RouterLink} to="/register">
          Register
        </Link>
      </Typography>
      <Typography>
        <Link component={RouterLink} to="/forgot-password">
          Forgot Password?
        </Link>
      </Typography>
    </Stack>
  );
}
