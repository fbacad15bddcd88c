import Button from '@mui/material/Button';
import { PLAN_LIMITS } from '@mcat/contracts';
import { MessageDialog } from './message-dialog';

interface PremiumSuccessModalProps {
  open: boolean;
  onClose: () => void;
}

/** Thanks a user who has just bought premium. */
export function PremiumSuccessModal({ open, onClose }: PremiumSuccessModalProps) {
  const { premium } = PLAN_LIMITS;
  return (
    <MessageDialog
      open={open}
      onClose={onClose}
      id="premium-success"
      title="Thank you for upgrading to Premium!"
      text={
        <>
          You can now keep up to {premium.tests} tests and {premium.questions} missed questions,
          with priority support by email.
        </>
      }
      actions={
        <Button variant="contained" onClick={onClose}>
          Close
        </Button>
      }
    />
  );
}
