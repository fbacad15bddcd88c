/** Registration; confirmPassword is checked here and never sent. */
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  AUTH_ALERT_HIDE_MS,
  ERRORS,
  registerFormSchema,
  type RegisterForm as RegisterFormValues,
} from '@mcat/contracts';
import type { z } from 'zod';
import { apiErrorMessage } from '../../../lib/api-error';
import { useTimedMessage } from '../../../lib/use-timed-message';
import { RouterLink } from '../../../components/router-link';
import { useRegisterMutation } from '../api/auth-api';

interface RegisterFormProps {
  onRegistered: () => void;
}

export function RegisterForm({ onRegistered }: RegisterFormProps) {
  const [registerUser] = useRegisterMutation();
  const alert = useTimedMessage(AUTH_ALERT_HIDE_MS);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<RegisterFormValues, unknown, z.output<typeof registerFormSchema>>({
    resolver: zodResolver(registerFormSchema),
    defaultValues: {
      name: '',
      email: '',
      password: '',
      confirmPassword: '',
      plannedTestingDate: '',
    },
  });

  const submit = handleSubmit(async ({ name, email, password, plannedTestingDate }) => {
    alert.clear();
    try {
      await registerUser({ name, email, password, plannedTestingDate }).unwrap();
      onRegistered();
    } catch (error) {
      alert.show(apiErrorMessage(error, ERRORS.register));
    }
  });

  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={2}>
      {alert.message ? <Alert severity="error">{alert.message}</Alert> : null}
      <TextField
        label="Name"
        autoComplete="name"
        required
        {...register('name')}
        error={Boolean(errors.name)}
        helperText={errors.name?.message}
      />
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
        autoComplete="new-password"
        required
        {...register('password')}
        error={Boolean(errors.password)}
        helperText={errors.password?.message}
      />
      <TextField
        label="Confirm Password"
        type="password"
        autoComplete="new-password"
        required
        {...register('confirmPassword')}
        error={Boolean(errors.confirmPassword)}
        helperText={errors.confirmPassword?.message}
      />
      <TextField
        label="Planned MCAT Date"
        type="date"
        {...register('plannedTestingDate')}
        error={Boolean(errors.plannedTestingDate)}
        helperText={errors.plannedTestingDate?.message ?? 'Optional'}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <Button type="submit" variant="contained" size="large" disabled={isSubmitting}>
        {isSubmitting ? 'Creating Account...' : 'Register'}
      </Button>
      <Typography>
        Already have an account?{' '}
        <Link component={RouterLink} to="/login">
          Login
        </Link>
      </Typography>
    </Stack>
  );
}
