/** Email and password sign-in; errors show as a danger alert for 5 seconds. */
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { AUTH_ALERT_HIDE_MS, ERRORS, loginSchema, type LoginBody } from '@mcat/contracts';
import type { z } from 'zod';
import { apiErrorMessage } from '../../../lib/api-error';
import { useTimedMessage } from '../../../lib/use-timed-message';
import { RouterLink } from '../../../components/router-link';
import { useLoginMutation } from '../api/auth-api';

interface LoginFormProps {
  onSignedIn: () => void;
}

export function LoginForm({ onSignedIn }: LoginFormProps) {
  const [login] = useLoginMutation();
  const alert = useTimedMessage(AUTH_ALERT_HIDE_MS);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof loginSchema>, unknown, LoginBody>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: '', password: '' },
  });

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
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        required
        {...register('email')}
        error={Boolean(errors.email)}
        helperText={errors.email?.message}
      />
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        required
        {...register('password')}
        error={Boolean(errors.password)}
        helperText={errors.password?.message}
      />
      <Button type="submit" variant="contained" size="large" disabled={isSubmitting}>
        {isSubmitting ? 'Logging in...' : 'Login'}
      </Button>
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
