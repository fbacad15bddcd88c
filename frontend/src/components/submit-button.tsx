/** A form's submit button: disabled while the form is busy, and saying so. */
import Button, { type ButtonProps } from '@mui/material/Button';
import { useHydrated } from '../lib/use-hydrated';

export type SubmitButtonProps = Omit<ButtonProps, 'type' | 'disabled' | 'children'> & {
  busy: boolean;
  /** The label while busy: "Logging in...", "Saving...". */
  busyLabel: string;
  children: string;
};

/**
 * Also disabled in a prerendered page until the app runs it: the browser would otherwise submit
 * the form itself, putting what was typed (a password) in the address.
 */
export function SubmitButton({ busy, busyLabel, children, ...props }: SubmitButtonProps) {
  const hydrated = useHydrated();
  return (
    <Button type="submit" variant="contained" {...props} disabled={busy || !hydrated}>
      {busy ? busyLabel : children}
    </Button>
  );
}
