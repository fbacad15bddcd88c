/** A small confirm popup anchored to the button that opened it: a question, Cancel and a confirm. */
import { useId, useState, type ReactElement } from 'react';
import Button from '@mui/material/Button';
import Popover from '@mui/material/Popover';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

interface ConfirmPopoverProps {
  message: string;
  confirmLabel?: string;
  /** Busy while the confirmed action runs. */
  busy?: boolean;
  onConfirm: () => void | Promise<void>;
  /** Renders the opening control with the handler and ARIA attributes it must carry. */
  trigger: (props: {
    onClick: (event: React.MouseEvent<HTMLElement>) => void;
    'aria-haspopup': 'dialog';
    'aria-expanded': boolean;
  }) => ReactElement;
}

export function ConfirmPopover({
  message,
  confirmLabel = 'Delete',
  busy = false,
  onConfirm,
  trigger,
}: ConfirmPopoverProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const messageId = useId();
  const close = () => setAnchor(null);
  const confirm = async () => {
    await onConfirm();
    close();
  };

  return (
    <>
      {trigger({
        onClick: (event) => setAnchor(event.currentTarget),
        'aria-haspopup': 'dialog',
        'aria-expanded': anchor !== null,
      })}
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
        transformOrigin={{ vertical: 'top', horizontal: 'center' }}
        slotProps={{
          paper: { role: 'dialog', 'aria-describedby': messageId, sx: { p: 2, maxWidth: 320 } },
        }}
      >
        <Typography id={messageId} sx={{ mb: 2 }}>
          {message}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button onClick={close} autoFocus>
            Cancel
          </Button>
          <Button color="error" variant="contained" onClick={() => void confirm()} disabled={busy}>
            {confirmLabel}
          </Button>
        </Stack>
      </Popover>
    </>
  );
}
