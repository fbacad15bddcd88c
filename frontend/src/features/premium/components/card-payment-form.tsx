/** What both card forms share: their state while paying, and the form around the card field. */
import { useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { ERRORS } from '@mcat/contracts';

/**
 * The card error to show under the field, an unexpected failure to show above the button, and
 * whether a payment is under way.
 */
export function useCardPayment() {
  const [cardError, setCardError] = useState<string | null>(null);
  const [unexpected, setUnexpected] = useState<string | null>(null);
  const [paying, setPaying] = useState(false);
  return {
    cardError,
    setCardError,
    unexpected,
    paying,
    clearErrors: () => {
      setCardError(null);
      setUnexpected(null);
    },
    failUnexpectedly: () => setUnexpected(ERRORS.cardUnexpected),
    /** Runs `attempt` with `paying` set until it ends, however it ends. */
    whilePaying: async (attempt: () => Promise<void>) => {
      setPaying(true);
      try {
        await attempt();
      } finally {
        setPaying(false);
      }
    },
  };
}

interface CardPaymentFormProps {
  onSubmit: (event: React.FormEvent) => void;
  unexpected: string | null;
  paying: boolean;
  /** Pay Now is disabled while paying, and also while this holds. */
  notReady?: boolean;
  /** The card field and what goes with it. */
  children: ReactNode;
}

export function CardPaymentForm({
  onSubmit,
  unexpected,
  paying,
  notReady = false,
  children,
}: CardPaymentFormProps) {
  return (
    <Stack component="form" noValidate spacing={2} onSubmit={onSubmit} aria-label="Card payment">
      {children}
      {unexpected ? <Alert severity="error">{unexpected}</Alert> : null}
      <Button type="submit" variant="contained" size="large" disabled={notReady || paying}>
        {paying ? 'Processing...' : 'Pay Now'}
      </Button>
    </Stack>
  );
}
