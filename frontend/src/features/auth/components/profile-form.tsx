/** Profile Information: name, email, planned MCAT date and target score. */
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ERRORS, profileSchema, type ProfileBody, type User } from '@mcat/contracts';
import type { z } from 'zod';
import { FormTextField } from '../../../components/form-text-field';
import { EMAIL_FIELD, NAME_FIELD, PLANNED_DATE_FIELD, TARGET_SCORE_FIELD } from './account-fields';
import { AuthFormShell, useAuthAlerts } from './auth-form-shell';
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
  const { attempt, ...alerts } = useAuthAlerts();
  const form = useForm<z.input<typeof profileSchema>, unknown, ProfileBody>({
    resolver: zodResolver(profileSchema),
    defaultValues: formValues(user),
  });
  const { reset } = form;

  useEffect(() => {
    reset(formValues(user));
  }, [user, reset]);

  const submit = form.handleSubmit((values) =>
    attempt(async () => {
      await updateProfile(values).unwrap();
      return PROFILE_UPDATED;
    }, ERRORS.profileUpdate),
  );

  return (
    <AuthFormShell
      onSubmit={submit}
      alerts={alerts}
      busy={form.formState.isSubmitting}
      submitLabel="Update Profile"
      busyLabel="Saving..."
      label="Profile Information"
    >
      <FormTextField form={form} name="name" {...NAME_FIELD} />
      <FormTextField form={form} name="email" {...EMAIL_FIELD} />
      <FormTextField form={form} name="plannedTestingDate" {...PLANNED_DATE_FIELD} />
      <FormTextField form={form} name="targetScore" {...TARGET_SCORE_FIELD} />
    </AuthFormShell>
  );
}
