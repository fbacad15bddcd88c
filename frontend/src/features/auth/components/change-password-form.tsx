/** Change Password: current, new and confirmation (never sent), with password tips. */
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  AUTH_ALERT_HIDE_MS,
  AUTH_MESSAGES,
  ERRORS,
  PASSWORD_MIN_LENGTH,
  SUCCESS_MESSAGE_HIDE_MS,
  changePasswordFormSchema,
  type ChangePasswordForm as ChangePasswordValues,
} from '@mcat/contracts';
import type { z } from 'zod';
import { FormTextField } from '../../../components/form-text-field';
import { SubmitButton } from '../../../components/submit-button';
import { apiErrorMessage } from '../../../lib/api-error';
import { useTimedMessage } from '../../../lib/use-timed-message';
import { CURRENT_PASSWORD_FIELD, NEW_PASSWORD_FIELD } from './account-fields';
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
  const success = useTimedMessage(SUCCESS_MESSAGE_HIDE_MS);
  const failure = useTimedMessage(AUTH_ALERT_HIDE_MS);
  const form = useForm<ChangePasswordValues, unknown, z.output<typeof changePasswordFormSchema>>({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: EMPTY,
  });
  const {
    handleSubmit,
    reset,
    formState: { isSubmitting },
  } = form;

  const submit = handleSubmit(async ({ currentPassword, newPassword }) => {
    success.clear();
    failure.clear();
    try {
      const answer = await changePassword({ currentPassword, newPassword }).unwrap();
      reset(EMPTY);
      success.show(answer.message || AUTH_MESSAGES.passwordChanged);
    } catch (error) {
      failure.show(apiErrorMessage(error, ERRORS.passwordChange));
    }
  });

  return (
    <Stack spacing={2}>
      <Stack component="form" noValidate onSubmit={submit} spacing={2} aria-label="Change Password">
        {success.message ? <Alert severity="success">{success.message}</Alert> : null}
        {failure.message ? <Alert severity="error">{failure.message}</Alert> : null}
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
        <SubmitButton sx={{ alignSelf: 'flex-start' }} busy={isSubmitting} busyLabel="Saving...">
          Change Password
        </SubmitButton>
      </Stack>
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
