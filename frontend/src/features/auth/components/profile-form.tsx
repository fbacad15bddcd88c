/** Profile Information: name, email, planned MCAT date and target score. */
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import {
  AUTH_ALERT_HIDE_MS,
  ERRORS,
  SUCCESS_MESSAGE_HIDE_MS,
  profileSchema,
  type ProfileBody,
  type User,
} from '@mcat/contracts';
import type { z } from 'zod';
import { FormTextField } from '../../../components/form-text-field';
import { SubmitButton } from '../../../components/submit-button';
import { apiErrorMessage } from '../../../lib/api-error';
import { useTimedMessage } from '../../../lib/use-timed-message';
import { EMAIL_FIELD, NAME_FIELD, PLANNED_DATE_FIELD, TARGET_SCORE_FIELD } from './account-fields';
import { useUpdateProfileMutation } from '../api/auth-api';

export const PROFILE_UPDATED = 'Profile updated successfully';

const formValues = (user: User): z.input<typeof profileSchema> => ({
  name: user.name,
  email: user.email,
  plannedTestingDate: user.plannedTestingDate?.split('T')[0] ?? '',
  targetScore: user.targetScore?.toString() ?? '',
});

export function ProfileForm({ user }: { user: User }) {
  const [updateProfile] = useUpdateProfileMutation();
  const success = useTimedMessage(SUCCESS_MESSAGE_HIDE_MS);
  const failure = useTimedMessage(AUTH_ALERT_HIDE_MS);
  const form = useForm<z.input<typeof profileSchema>, unknown, ProfileBody>({
    resolver: zodResolver(profileSchema),
    defaultValues: formValues(user),
  });
  const {
    handleSubmit,
    reset,
    formState: { isSubmitting },
  } = form;

  useEffect(() => {
    reset(formValues(user));
  }, [user, reset]);

  const submit = handleSubmit(async (values) => {
    success.clear();
    failure.clear();
    try {
      await updateProfile(values).unwrap();
      success.show(PROFILE_UPDATED);
    } catch (error) {
      failure.show(apiErrorMessage(error, ERRORS.profileUpdate));
    }
  });

  return (
    <Stack
      component="form"
      noValidate
      onSubmit={submit}
      spacing={2}
      aria-label="Profile Information"
    >
      {success.message ? <Alert severity="success">{success.message}</Alert> : null}
      {failure.message ? <Alert severity="error">{failure.message}</Alert> : null}
      <FormTextField form={form} name="name" {...NAME_FIELD} />
      <FormTextField form={form} name="email" {...EMAIL_FIELD} />
      <FormTextField form={form} name="plannedTestingDate" {...PLANNED_DATE_FIELD} />
      <FormTextField form={form} name="targetScore" {...TARGET_SCORE_FIELD} />
      <SubmitButton sx={{ alignSelf: 'flex-start' }} busy={isSubmitting} busyLabel="Saving...">
        Update Profile
      </SubmitButton>
    </Stack>
  );
}
