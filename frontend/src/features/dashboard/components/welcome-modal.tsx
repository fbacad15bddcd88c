import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { PLAN_LIMITS } from '@mcat/contracts';

interface WelcomeModalProps {
  open: boolean;
  productName: string;
  onMaybeLater: () => void;
  onUpgrade: () => void;
}

/** Greets a new free user and offers premium. */
export function WelcomeModal({ open, productName, onMaybeLater, onUpgrade }: WelcomeModalProps) {
  const { free, premium } = PLAN_LIMITS;
  return (
    <Dialog
      open={open}
      onClose={onMaybeLater}
      aria-labelledby="welcome-title"
      aria-describedby="welcome-text"
    >
      <DialogTitle id="welcome-title">Welcome to {productName}!</DialogTitle>
      <DialogContent>
        <DialogContentText id="welcome-text">
          Your free account holds up to {free.tests} tests and {free.questions} missed questions.
          Premium raises that to {premium.tests} tests and {premium.questions} questions with a
          one-time payment.
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onMaybeLater}>Maybe Later</Button>
        <Button variant="contained" onClick={onUpgrade}>
          Upgrade to Premium
        </Button>
      </DialogActions>
    </Dialog>
  );
}
