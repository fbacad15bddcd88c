/**
 * What the account forms' recurring fields share besides their name: label, input type, the
 * browser's autofill hint and whether they are required. Spread into a FormTextField.
 */
import type { TextFieldProps } from '@mui/material/TextField';

type FieldLook = Partial<TextFieldProps>;

export const NAME_FIELD = {
  label: 'Name',
  autoComplete: 'name',
  required: true,
} satisfies FieldLook;

export const EMAIL_FIELD = {
  label: 'Email',
  type: 'email',
  autoComplete: 'email',
  required: true,
} satisfies FieldLook;

export const PLANNED_DATE_FIELD = {
  label: 'Planned MCAT Date',
  type: 'date',
  slotProps: { inputLabel: { shrink: true } },
} satisfies FieldLook;

/** The password the user has now (the label tells which form it is). */
export const CURRENT_PASSWORD_FIELD = {
  type: 'password',
  autoComplete: 'current-password',
  required: true,
} satisfies FieldLook;

/** A password being chosen, or its confirmation. */
export const NEW_PASSWORD_FIELD = {
  type: 'password',
  autoComplete: 'new-password',
  required: true,
} satisfies FieldLook;
