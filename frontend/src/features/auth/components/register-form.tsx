/** Registration; confirmPassword is checked here and never sent. */
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  AUTH_ALERT_HIDE_MS,
  ERRORS,
  registerFormSchema,
  type RegisterForm as RegisterFormValues,
} from '@mcat/contracts';
import type { z } from 'zod';
import { FormTextField } from '../../../components/form-text-field';
import { SubmitButton } from '../../../components/submit-button';
import { apiErrorMessage } from '../../../lib/api-error';
import { useTimedMessage } from '../../../lib/use-timed-message';
import { RouterLink } from '../../../components/router-link';
import { EMAIL_FIELD, NAME_FIELD, NEW_PASSWORD_FIELD, PLANNED_DATE_FIELD } from './account-fields';
import { useRegisterMutation } from '../api/auth-api';
import { useCommonPasswordCheck } from './use-common-passwords';

interface RegisterFormProps {
  onRegistered: () => void;
}

export function RegisterForm({ onRegistered }: RegisterFormProps) {
  const [registerUser] = useRegisterMutation();
  useCommonPasswordCheck();
  const alert = useTimedMessage(AUTH_ALERT_HIDE_MS);
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
  const {
    handleSubmit,
    formState: { isSubmitting },
  } = form;

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
      <SubmitButton size="large" busy={isSubmitting} busyLabel="Creating Account...">
        Register
      </SubmitButton>
      <Typography>
        Already have an account?{' '}
        <Link component={RouterLink} to="/login">
          Login
        </Link>
      </Typography>
    </Stack>
  );
}
