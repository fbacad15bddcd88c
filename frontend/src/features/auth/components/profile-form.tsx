/** Profile Information: name, email and planned MCAT date. */
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  AUTH_ALERT_HIDE_MS,
  ERRORS,
  SUCCESS_MESSAGE_HIDE_MS,
  profileSchema,
  type ProfileBody,
  type User,
} from '@mcat/contracts';
import type { z } from 'zod';
import { apiErrorMessage } from '../../../lib/api-error';
import { useTimedMessage } from '../../../lib/use-timed-message';
import { useUpdateProfileMutation } from '../api/auth-api';

export const PROFILE_UPDATED = 'Profile updated successfully';

const formValues = (user: User): z.input<typeof profileSchema> => ({
  name: user.name,
  email: user.email,
  plannedTestingDate: user.plannedTestingDate?.split('T')[0] ?? '',
});

export function ProfileForm({ user }: { user: User }) {
  const [updateProfile] = useUpdateProfileMutation();
  const success = useTimedMessage(SUCCESS_MESSAGE_HIDE_MS);
  const failure = useTimedMessage(AUTH_ALERT_HIDE_MS);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof profileSchema>, unknown, ProfileBody>({
    resolver: zodResolver(profileSchema),
    defaultValues: formValues(user),
  });

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
        label="Planned MCAT Date"
        type="date"
        {...register('plannedTestingDate')}
        error={Boolean(errors.plannedTestingDate)}
        helperText={errors.plannedTestingDate?.message}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <Button
        type="submit"
        variant="contained"
        disabled={isSubmitting}
        sx={{ alignSelf: 'flex-start' }}
      >
        {isSubmitting ? 'Saving...' : 'Update Profile'}
      </Button>
    </Stack>
  );
}
