/**
 * The profile page's re-review reminders: a switch, the hour of the day and the time zone, saved
 * with the rest of the profile as it is stored (PUT /api/auth/me replaces the whole profile).
 * Turning the switch on proposes the browser's time zone.
 */
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import {
  REVIEW_REMINDER_TEXTS as T,
  TIME_ZONE_MAX_LENGTH,
  reviewRemindersSchema,
  type ReviewReminders,
  type User,
} from '@mcat/contracts';
import type { z } from 'zod';
import { FormTextField } from '../../../components/form-text-field';
import { AuthFormShell, useAuthAlerts } from './auth-form-shell';
import { useUpdateProfileMutation } from '../api/auth-api';

const HOURS = Array.from({ length: 24 }, (_, hour) => hour);

/** The zone the browser runs in, as the student's reminder is proposed in. */
export const browserTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

export function ReviewRemindersForm({ user }: { user: User }) {
  const [updateProfile] = useUpdateProfileMutation();
  const { attempt, ...alerts } = useAuthAlerts();
  const form = useForm<z.input<typeof reviewRemindersSchema>, unknown, ReviewReminders>({
    resolver: zodResolver(reviewRemindersSchema),
    defaultValues: user.reviewReminders,
  });
  const { control, reset, setValue } = form;

  useEffect(() => {
    reset(user.reviewReminders);
  }, [user.reviewReminders, reset]);

  const submit = form.handleSubmit((reviewReminders) =>
    attempt(async () => {
      await updateProfile({
        name: user.name,
        email: user.email,
        plannedTestingDate: user.plannedTestingDate,
        targetScore: user.targetScore,
        reviewReminders,
      }).unwrap();
      return T.saved;
    }, T.saveFailed),
  );

  return (
    <AuthFormShell
      onSubmit={submit}
      alerts={alerts}
      busy={form.formState.isSubmitting}
      submitLabel={T.save}
      busyLabel={T.saving}
      label={T.title}
      intro={T.intro}
    >
      <Controller
        name="enabled"
        control={control}
        render={({ field }) => (
          <FormControlLabel
            label={T.switchLabel}
            control={
              <Switch
                name={field.name}
                checked={field.value}
                onBlur={field.onBlur}
                onChange={(event) => {
                  field.onChange(event.target.checked);
                  if (event.target.checked) {
                    setValue('timeZone', browserTimeZone(), { shouldDirty: true });
                  }
                }}
              />
            }
          />
        )}
      />
      <Controller
        name="hour"
        control={control}
        render={({ field }) => (
          <TextField
            select
            id="review-reminder-hour"
            label={T.hourLabel}
            name={field.name}
            value={field.value}
            onBlur={field.onBlur}
            onChange={(event) => field.onChange(Number(event.target.value))}
            slotProps={{ select: { native: true } }}
          >
            {HOURS.map((hour) => (
              <option key={hour} value={hour}>
                {T.hour(hour)}
              </option>
            ))}
          </TextField>
        )}
      />
      <FormTextField
        form={form}
        name="timeZone"
        label={T.timeZoneLabel}
        autoComplete="off"
        maxLength={TIME_ZONE_MAX_LENGTH}
      />
    </AuthFormShell>
  );
}
