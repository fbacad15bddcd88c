/**
 * A text field of a react-hook-form form: registered under its name, marked invalid with the
 * schema's message under it while that field has an error, else showing its hint. A `maxLength`
 * (the contracts' limit of the field) stops typing past it; `counter` shows how much is used.
 */
import {
  get,
  useWatch,
  type Control,
  type FieldError,
  type FieldValues,
  type FormState,
  type Path,
  type UseFormRegister,
} from 'react-hook-form';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { withThousandsSeparators } from '@mcat/contracts';

/** The part of `useForm`'s result a field needs; its values' type is read from `register`. */
export interface FieldForm<V extends FieldValues> {
  register: UseFormRegister<V>;
  control: Control<V, unknown, NoInfer<V> | FieldValues>;
  formState: FormState<NoInfer<V>>;
}

export type FormTextFieldProps<V extends FieldValues> = Omit<
  TextFieldProps,
  'name' | 'error' | 'helperText'
> & {
  form: FieldForm<V>;
  name: Path<V>;
  /** Shown under the field while it has no error. */
  hint?: string;
  /** The most characters the field takes (the browser stops typing there). */
  maxLength?: number;
  /** Shows "used / maxLength" under the field (long texts). */
  counter?: boolean;
};

export function FormTextField<V extends FieldValues>({
  form,
  name,
  hint,
  maxLength,
  counter = false,
  slotProps,
  ...props
}: FormTextFieldProps<V>) {
  const error = get<FormState<V>['errors'], FieldError | undefined>(form.formState.errors, name);
  const value: unknown = useWatch({ control: form.control, name });
  const used = typeof value === 'string' ? value.length : 0;
  const count =
    counter && maxLength !== undefined
      ? `${withThousandsSeparators(used)} / ${withThousandsSeparators(maxLength)}`
      : '';
  const htmlInput = slotProps?.htmlInput;
  return (
    <TextField
      {...props}
      {...form.register(name)}
      slotProps={{
        ...slotProps,
        htmlInput:
          maxLength === undefined || typeof htmlInput === 'function'
            ? htmlInput
            : { ...htmlInput, maxLength },
      }}
      error={Boolean(error)}
      helperText={error?.message ?? ([hint, count].filter(Boolean).join(' · ') || undefined)}
    />
  );
}
