import { z } from 'zod';
import { SIGN_IN_PASSWORD_MAX_LENGTH } from '../constants';
import { TOO_LONG, VALIDATION } from '../messages';
import { email, newPassword, optionalIsoDate, personName } from './common';
import { targetScore } from './projection';
import { reviewRemindersSchema } from './review-reminders';

const plannedTestingDate = optionalIsoDate('Planned MCAT date must be a valid date');

export const loginSchema = z.object({
  email: email(),
  password: z
    .string({ error: VALIDATION.passwordRequired })
    .min(1, VALIDATION.passwordRequired)
    .max(SIGN_IN_PASSWORD_MAX_LENGTH, TOO_LONG.signInPassword),
});
export type LoginBody = z.infer<typeof loginSchema>;

/** POST /api/auth/register. confirmPassword is a form-only field: stripped here. */
export const registerSchema = z.object({
  name: personName(),
  email: email(),
  password: newPassword(),
  plannedTestingDate: plannedTestingDate.optional(),
});
export type RegisterBody = z.infer<typeof registerSchema>;

const confirmPassword = z
  .string({ error: VALIDATION.confirmPasswordRequired })
  .min(1, VALIDATION.confirmPasswordRequired);

export const registerFormSchema = registerSchema
  .extend({ confirmPassword })
  .refine((v) => v.password === v.confirmPassword, {
    message: VALIDATION.passwordsMustMatch,
    path: ['confirmPassword'],
  });
export type RegisterForm = z.input<typeof registerFormSchema>;

export const forgotPasswordSchema = z.object({ email: email() });
export type ForgotPasswordBody = z.infer<typeof forgotPasswordSchema>;

export const resetPasswordSchema = z.object({ password: newPassword() });
export type ResetPasswordBody = z.infer<typeof resetPasswordSchema>;

export const resetPasswordFormSchema = resetPasswordSchema
  .extend({ confirmPassword })
  .refine((v) => v.password === v.confirmPassword, {
    message: VALIDATION.passwordsMustMatch,
    path: ['confirmPassword'],
  });
export type ResetPasswordForm = z.input<typeof resetPasswordFormSchema>;

/**
 * PUT /api/auth/me replaces the whole profile: a plannedTestingDate or targetScore that is null,
 * '' or left out clears it. `reviewReminders` left out leaves the reminder setting as it is.
 */
export const profileSchema = z.object({
  name: personName(),
  email: email(),
  plannedTestingDate: plannedTestingDate,
  targetScore,
  reviewReminders: reviewRemindersSchema.optional(),
});
export type ProfileBody = z.infer<typeof profileSchema>;

export const changePasswordSchema = z.object({
  currentPassword: z
    .string({ error: VALIDATION.currentPasswordRequired })
    .min(1, VALIDATION.currentPasswordRequired)
    .max(SIGN_IN_PASSWORD_MAX_LENGTH, TOO_LONG.signInPassword),
  newPassword: newPassword(VALIDATION.newPasswordRequired),
});
export type ChangePasswordBody = z.infer<typeof changePasswordSchema>;

export const changePasswordFormSchema = changePasswordSchema
  .extend({ confirmPassword })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: VALIDATION.passwordsMustMatch,
    path: ['confirmPassword'],
  });
export type ChangePasswordForm = z.input<typeof changePasswordFormSchema>;
