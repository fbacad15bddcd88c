import { z } from 'zod';
import {
  EMAIL_MAX_LENGTH,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from '../constants';
import { AUTH_MESSAGES, TOO_LONG, VALIDATION } from '../messages';
import { isCommonPassword } from './common-passwords';

/** Empty form inputs ('' or null) count as missing. */
export const blankToUndefined = (value: unknown): unknown =>
  value === '' || value === null ? undefined : value;

export const requiredText = (message: string) =>
  z.string({ error: message }).trim().min(1, message);

export const email = () =>
  z
    .string({ error: VALIDATION.emailRequired })
    .trim()
    .toLowerCase()
    .min(1, VALIDATION.emailRequired)
    .max(EMAIL_MAX_LENGTH, TOO_LONG.email)
    .pipe(z.email(VALIDATION.emailInvalid));

/** A password being chosen. Its common-password check is async: parse with `parseAsync`. */
export const newPassword = (requiredMessage: string = VALIDATION.passwordRequired) =>
  z
    .string({ error: requiredMessage })
    .min(1, requiredMessage)
    .min(PASSWORD_MIN_LENGTH, VALIDATION.passwordTooShort)
    .max(PASSWORD_MAX_LENGTH, TOO_LONG.password)
    .refine(
      async (value) => value.length < PASSWORD_MIN_LENGTH || !(await isCommonPassword(value)),
      AUTH_MESSAGES.passwordTooCommon,
    );

/** A person's name on the account forms. */
export const personName = () =>
  requiredText(VALIDATION.nameRequired).max(NAME_MAX_LENGTH, TOO_LONG.name);

/** A calendar date, 'YYYY-MM-DD'; a full ISO timestamp is cut to its date part. */
export const isoDate = (message: string) =>
  z.preprocess(
    (value) => (typeof value === 'string' ? value.split('T')[0] : value),
    z.iso.date({ error: message }),
  );

/** An optional calendar date where '' or null means "no date" (stored as null). */
export const optionalIsoDate = (message: string) =>
  z.preprocess(
    (value) => (value === '' || value === undefined ? null : value),
    isoDate(message).nullable(),
  );

/** A 24-hex-digit MongoDB id. */
export const objectId = (message: string) =>
  z.string({ error: message }).regex(/^[0-9a-fA-F]{24}$/, message);
