/** Change Password: current, new and confirmation (never sent), with password tips. */
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  AUTH_MESSAGES,
  ERRORS,
  PASSWORD_MIN_LENGTH,
  changePasswordFormSchema,
  type ChangePasswordForm as ChangePasswordValues,
} from '@mcat/contracts';
import type { z } from 'zod';
import { FormTextField } from '../../../components/form-text-field';
import { CURRENT_PASSWORD_FIELD, NEW_PASSWORD_FIELD } from './account-fields';
import { AuthFormShell, useAuthAlerts } from './auth-form-shell';
import { useChangePasswordMutation } from '../api/auth-api';
import { useCommonPasswordCheck } from './use-common-passwords';

const PASSWORD_TIPS = [
  `Use at least ${PASSWORD_MIN_LENGTH} characters; longer is stronger.`,
  'Mix upper- and lower-case letters, numbers and symbols.',
  'Avoid names, birthdays and common words.',
  'Do not reuse a password from another site.',
] as const;

const EMPTY: ChangePasswordValues = { currentPassword: '', newPassword: '', confirmPassword: '' };

/**
 * A password change ends every session issued before it; this one goes on with the fresh token
 * the answer carries (the session slice stores it).
 */
export function ChangePasswordForm() {
  const [changePassword] = useChangePasswordMutation();
  useCommonPasswordCheck();
  const { attempt, ...alerts } = useAuthAlerts();
  const form = useForm<ChangePasswordValues, unknown, z.output<typeof changePasswordFormSchema>>({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: EMPTY,
  });

  const submit = form.handleSubmit(({ currentPassword, newPassword }) =>
    attempt(async () => {
      const answer = await changePassword({ currentPassword, newPassword }).unwrap();
      form.reset(EMPTY);
      return answer.message || AUTH_MESSAGES.passwordChanged;
    }, ERRORS.passwordChange),
  );

  return (
    <Stack spacing={2}>
      <AuthFormShell
        onSubmit={submit}
        alerts={alerts}
        busy={form.formState.isSubmitting}
        submitLabel="Change Password"
        busyLabel="Saving..."
        label="Change Password"
      >
        <FormTextField
          form={form}
          name="currentPassword"
          label="Current Password"
          {...CURRENT_PASSWORD_FIELD}
        />
        <FormTextField
          form={form}
          name="newPassword"
          label="New Password"
          {...NEW_PASSWORD_FIELD}
        />
        <FormTextField
          form={form}
          name="confirmPassword"
          label="Confirm New Password"
          {...NEW_PASSWORD_FIELD}
        />
      </AuthFormShell>
      <Alert severity="info" component="section" aria-label="Password tips">
        <Typography sx={{ fontWeight: 600 }}>Password tips</Typography>
        <ul style={{ margin: 0, paddingLeft: '1.2em' }}>
          {PASSWORD_TIPS.map((tip) => (
            <li key={tip}>{tip}</li>
          ))}
        </ul>
      </Alert>
    </Stack>
  );
}
