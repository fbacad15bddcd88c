/** A table row's delete icon button, which asks in the confirm popup before deleting. */
import IconButton from '@mui/material/IconButton';
import DeleteIcon from '@mui/icons-material/Delete';
import { ConfirmPopover } from './confirm-popover';

interface ConfirmDeleteIconButtonProps {
  /** The button's accessible name: "Delete AAMC FL 1". */
  label: string;
  /** The question of the popup: "Are you sure you want to delete this test?". */
  message: string;
  onConfirm: () => void | Promise<void>;
}

export function ConfirmDeleteIconButton({
  label,
  message,
  onConfirm,
}: ConfirmDeleteIconButtonProps) {
  return (
    <ConfirmPopover
      message={message}
      onConfirm={onConfirm}
      trigger={(props) => (
        <IconButton color="error" aria-label={label} {...props}>
          <DeleteIcon />
        </IconButton>
      )}
    />
  );
}
