import Button from '@mui/material/Button';
import { PLAN_LIMITS } from '@mcat/contracts';
import { MessageDialog } from './message-dialog';

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
    <MessageDialog
      open={open}
      onClose={onMaybeLater}
      id="welcome"
      title={<>Welcome to {productName}!</>}
      text={
        <>
          Your free account holds up to {free.tests} tests and {free.questions} missed questions.
          Premium raises that to {premium.tests} tests and {premium.questions} questions with a
          one-time payment.
        </>
      }
      actions={
        <>
          <Button onClick={onMaybeLater}>Maybe Later</Button>
          <Button variant="contained" onClick={onUpgrade}>
            Upgrade to Premium
          </Button>
        </>
      }
    />
  );
}
