/** Registration; confirmPassword is checked here and never sent. */
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import {
  ERRORS,
  registerFormSchema,
  type RegisterForm as RegisterFormValues,
} from '@mcat/contracts';
import type { z } from 'zod';
import { FormTextField } from '../../../components/form-text-field';
import { RouterLink } from '../../../components/router-link';
import { EMAIL_FIELD, NAME_FIELD, NEW_PASSWORD_FIELD, PLANNED_DATE_FIELD } from './account-fields';
import { AuthFormShell, useAuthAlerts } from './auth-form-shell';
import { useRegisterMutation } from '../api/auth-api';
import { useCommonPasswordCheck } from './use-common-passwords';

interface RegisterFormProps {
  onRegistered: () => void;
}

export function RegisterForm({ onRegistered }: RegisterFormProps) {
  const [registerUser] = useRegisterMutation();
  useCommonPasswordCheck();
  const { attempt, ...alerts } = useAuthAlerts();
  const form = useForm<RegisterFormValues, unknown, z.output<typeof registerFormSchema>>({
    resolver: zodResolver(registerFormSchema),
    defaultValues: {
      name: '',
      email: '',
      password: '',
      confirmPassword: '',
      plannedTestingDate: '',
    },
  });

  const submit = form.handleSubmit(({ name, email, password, plannedTestingDate }) =>
    attempt(async () => {
      await registerUser({ name, email, password, plannedTestingDate }).unwrap();
      onRegistered();
    }, ERRORS.register),
  );

  return (
    <AuthFormShell
      onSubmit={submit}
      alerts={alerts}
      busy={form.formState.isSubmitting}
      submitLabel="Register"
      busyLabel="Creating Account..."
      links={
        <Typography>
          Already have an account?{' '}
          <Link component={RouterLink} to="/login">
            Login
          </Link>
        </Typography>
      }
    >
      <FormTextField form={form} name="name" {...NAME_FIELD} />
      <FormTextField form={form} name="email" {...EMAIL_FIELD} />
      <FormTextField form={form} name="password" label="Password" {...NEW_PASSWORD_FIELD} />
      <FormTextField
        form={form}
        name="confirmPassword"
        label="Confirm Password"
        {...NEW_PASSWORD_FIELD}
      />
      <FormTextField
        form={form}
        name="plannedTestingDate"
        {...PLANNED_DATE_FIELD}
        hint="Optional"
      />
    </AuthFormShell>
  );
}
