/**
 * What the account forms' recurring fields share besides their name: label, input type, the
 * browser's autofill hint, whether they are required and their length limit. Spread into a
 * FormTextField.
 */
import type { TextFieldProps } from '@mui/material/TextField';
import {
  EMAIL_MAX_LENGTH,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  SIGN_IN_PASSWORD_MAX_LENGTH,
  TOTAL_SCORE_MAX,
  TOTAL_SCORE_MIN,
} from '@mcat/contracts';

type FieldLook = Partial<TextFieldProps> & { maxLength?: number };

export const NAME_FIELD = {
  label: 'Name',
  autoComplete: 'name',
  required: true,
  maxLength: NAME_MAX_LENGTH,
} satisfies FieldLook;

export const EMAIL_FIELD = {
  label: 'Email',
  type: 'email',
  autoComplete: 'email',
  required: true,
  maxLength: EMAIL_MAX_LENGTH,
} satisfies FieldLook;

export const PLANNED_DATE_FIELD = {
  label: 'Planned MCAT Date',
  type: 'date',
  slotProps: { inputLabel: { shrink: true } },
} satisfies FieldLook;

export const TARGET_SCORE_FIELD = {
  label: 'Target Score',
  type: 'number',
  hint: `Optional: the total you aim for, ${TOTAL_SCORE_MIN}–${TOTAL_SCORE_MAX}`,
  slotProps: {
    htmlInput: { min: TOTAL_SCORE_MIN, max: TOTAL_SCORE_MAX, step: 1, inputMode: 'numeric' },
  },
} satisfies FieldLook & { hint: string };

/** The password the user has now (the label tells which form it is). */
export const CURRENT_PASSWORD_FIELD = {
  type: 'password',
  autoComplete: 'current-password',
  required: true,
  maxLength: SIGN_IN_PASSWORD_MAX_LENGTH,
} satisfies FieldLook;

/** A password being chosen, or its confirmation. */
export const NEW_PASSWORD_FIELD = {
  type: 'password',
  autoComplete: 'new-password',
  required: true,
  maxLength: PASSWORD_MAX_LENGTH,
} satisfies FieldLook;
