import type { ReactNode } from 'react';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

interface MessageDialogProps {
  open: boolean;
  onClose: () => void;
  /** The prefix of its title's and text's ids, which name and describe the dialog. */
  id: string;
  title: ReactNode;
  text: ReactNode;
  /** Its buttons. */
  actions: ReactNode;
}

/** A dashboard message: a title, a paragraph and its buttons. */
export function MessageDialog({ open, onClose, id, title, text, actions }: MessageDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
    >
      <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={`${id}-text`}>{text}</DialogContentText>
      </DialogContent>
      <DialogActions>{actions}</DialogActions>
    </Dialog>
  );
}
