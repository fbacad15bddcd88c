/** Email and password sign-in; errors show as a danger alert for 5 seconds. */
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { ERRORS, loginSchema, type LoginBody } from '@mcat/contracts';
import type { z } from 'zod';
import { FormTextField } from '../../../components/form-text-field';
import { RouterLink } from '../../../components/router-link';
import { CURRENT_PASSWORD_FIELD, EMAIL_FIELD } from './account-fields';
import { AuthFormShell, useAuthAlerts } from './auth-form-shell';
import { useLoginMutation } from '../api/auth-api';

interface LoginFormProps {
  onSignedIn: () => void;
}

export function LoginForm({ onSignedIn }: LoginFormProps) {
  const [login] = useLoginMutation();
  const { attempt, ...alerts } = useAuthAlerts();
  const form = useForm<z.input<typeof loginSchema>, unknown, LoginBody>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: '', password: '' },
  });

  const submit = form.handleSubmit((values) =>
    attempt(async () => {
      await login(values).unwrap();
      onSignedIn();
    }, ERRORS.login),
  );

  return (
    <AuthFormShell
      onSubmit={submit}
      alerts={alerts}
      busy={form.formState.isSubmitting}
      submitLabel="Login"
      busyLabel="Logging in..."
      links={
        <>
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
        </>
      }
    >
      <FormTextField form={form} name="email" {...EMAIL_FIELD} />
      <FormTextField form={form} name="password" label="Password" {...CURRENT_PASSWORD_FIELD} />
    </AuthFormShell>
  );
}
