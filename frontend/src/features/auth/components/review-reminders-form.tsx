/**
 * The profile page's re-review reminders: a switch, the hour of the day and the time zone, saved
 * with the rest of the profile as it is stored (PUT /api/auth/me replaces the whole profile).
 * Turning the switch on proposes the browser's time zone.
 */
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  AUTH_ALERT_HIDE_MS,
  REVIEW_REMINDER_TEXTS as T,
  SUCCESS_MESSAGE_HIDE_MS,
  TIME_ZONE_MAX_LENGTH,
  reviewRemindersSchema,
  type ReviewReminders,
  type User,
} from '@mcat/contracts';
import type { z } from 'zod';
import { FormTextField } from '../../../components/form-text-field';
import { SubmitButton } from '../../../components/submit-button';
import { apiErrorMessage } from '../../../lib/api-error';
import { useTimedMessage } from '../../../lib/use-timed-message';
import { useUpdateProfileMutation } from '../api/auth-api';

const HOURS = Array.from({ length: 24 }, (_, hour) => hour);

/** The zone the browser runs in, as the student's reminder is proposed in. */
export const browserTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

export function ReviewRemindersForm({ user }: { user: User }) {
  const [updateProfile] = useUpdateProfileMutation();
  const success = useTimedMessage(SUCCESS_MESSAGE_HIDE_MS);
  const failure = useTimedMessage(AUTH_ALERT_HIDE_MS);
  const form = useForm<z.input<typeof reviewRemindersSchema>, unknown, ReviewReminders>({
    resolver: zodResolver(reviewRemindersSchema),
    defaultValues: user.reviewReminders,
  });
  const {
    control,
    handleSubmit,
    reset,
    setValue,
    formState: { isSubmitting },
  } = form;

  useEffect(() => {
    reset(user.reviewReminders);
  }, [user.reviewReminders, reset]);

  const submit = handleSubmit(async (reviewReminders) => {
    success.clear();
    failure.clear();
    try {
      await updateProfile({
        name: user.name,
        email: user.email,
        plannedTestingDate: user.plannedTestingDate,
        targetScore: user.targetScore,
        reviewReminders,
      }).unwrap();
      success.show(T.saved);
    } catch (error) {
      failure.show(apiErrorMessage(error, T.saveFailed));
    }
  });

  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={2} aria-label={T.title}>
      <Typography>{T.intro}</Typography>
      {success.message ? <Alert severity="success">{success.message}</Alert> : null}
      {failure.message ? <Alert severity="error">{failure.message}</Alert> : null}
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
      <SubmitButton sx={{ alignSelf: 'flex-start' }} busy={isSubmitting} busyLabel={T.saving}>
        {T.save}
      </SubmitButton>
    </Stack>
  );
}
