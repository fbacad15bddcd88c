/**
 * A text field of a react-hook-form form: registered under its name, marked invalid with the
 * schema's message under it while that field has an error, else showing its hint.
 */
import {
  get,
  type FieldError,
  type FieldValues,
  type FormState,
  type Path,
  type UseFormRegister,
} from 'react-hook-form';
import TextField, { type TextFieldProps } from '@mui/material/TextField';

/** The part of `useForm`'s result a field needs; its values' type is read from `register`. */
export interface FieldForm<V extends FieldValues> {
  register: UseFormRegister<V>;
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
};

export function FormTextField<V extends FieldValues>({
  form,
  name,
  hint,
  ...props
}: FormTextFieldProps<V>) {
  const error = get<FormState<V>['errors'], FieldError | undefined>(form.formState.errors, name);
  return (
    <TextField
      {...props}
      {...form.register(name)}
      error={Boolean(error)}
      helperText={error?.message ?? hint}
    />
  );
}
