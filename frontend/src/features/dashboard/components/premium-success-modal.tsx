import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { PLAN_LIMITS } from '@mcat/contracts';

interface PremiumSuccessModalProps {
  open: boolean;
  onClose: () => void;
}

/** Thanks a user who has just bought premium. */
export function PremiumSuccessModal({ open, onClose }: PremiumSuccessModalProps) {
  const { premium } = PLAN_LIMITS;
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby="premium-success-title"
      aria-describedby="premium-success-text"
    >
      <DialogTitle id="premium-success-title">Thank you for upgrading to Premium!</DialogTitle>
      <DialogContent>
        <DialogContentText id="premium-success-text">
          You can now keep up to {premium.tests} tests and {premium.questions} missed questions,
          with priority support by email.
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
