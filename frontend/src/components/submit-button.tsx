/** A form's submit button: disabled while the form is busy, and saying so (spec section 5). */
import Button, { type ButtonProps } from '@mui/material/Button';

export type SubmitButtonProps = Omit<ButtonProps, 'type' | 'disabled' | 'children'> & {
  busy: boolean;
  /** The label while busy: "Logging in...", "Saving...". */
  busyLabel: string;
  children: string;
};

export function SubmitButton({ busy, busyLabel, children, ...props }: SubmitButtonProps) {
  return (
    <Button type="submit" variant="contained" {...props} disabled={busy}>
      {busy ? busyLabel : children}
    </Button>
  );
}
