/**
 * The dev payment provider's card form, labelled as Test mode: Stripe's test card numbers pay or
 * fail as they would with Stripe, and the card error shows under the field.
 */
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { ERRORS, devCardPaymentSchema } from '@mcat/contracts';
import { apiErrorMessage } from '../../../lib/api-error';
import { paymentIntentIdOf, usePayWithDevCardMutation } from '../api/premium-api';
import type { CardFormProps } from './card-form-props';

/** Answers with these statuses carry a card error to show under the field. */
const CARD_ERROR_STATUSES: readonly unknown[] = [400, 402];

export function DevCardForm({ clientSecret, onPaid }: CardFormProps) {
  const [payWithDevCard] = usePayWithDevCardMutation();
  const [cardNumber, setCardNumber] = useState('');
  const [cardError, setCardError] = useState<string | null>(null);
  const [unexpected, setUnexpected] = useState<string | null>(null);
  const [paying, setPaying] = useState(false);

  const pay = async (event: React.FormEvent) => {
    event.preventDefault();
    setCardError(null);
    setUnexpected(null);
    const parsed = devCardPaymentSchema.safeParse({ clientSecret, cardNumber });
    if (!parsed.success) {
      setCardError(parsed.error.issues[0]?.message ?? ERRORS.cardUnexpected);
      return;
    }
    setPaying(true);
    try {
      const intent = await payWithDevCard({
        paymentIntentId: paymentIntentIdOf(clientSecret),
        clientSecret,
        cardNumber: parsed.data.cardNumber,
      }).unwrap();
      await onPaid(intent.id);
    } catch (failure) {
      const status = (failure as { status?: unknown }).status;
      if (CARD_ERROR_STATUSES.includes(status)) {
        setCardError(apiErrorMessage(failure, ERRORS.cardUnexpected));
      } else {
        setUnexpected(ERRORS.cardUnexpected);
      }
    } finally {
      setPaying(false);
    }
  };

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={pay} aria-label="Card payment">
      <Alert severity="info">
        Test mode: no real card is charged. Pay with 4242 4242 4242 4242; 4000 0000 0000 0002 is
        declined and 4000 0000 0000 9995 has insufficient funds.
      </Alert>
      <TextField
        label="Card number"
        value={cardNumber}
        onChange={(event) => setCardNumber(event.target.value)}
        autoComplete="cc-number"
        error={cardError !== null}
        helperText={cardError}
        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 23 } }}
      />
      {unexpected ? <Alert severity="error">{unexpected}</Alert> : null}
      <Button type="submit" variant="contained" size="large" disabled={paying}>
        {paying ? 'Processing...' : 'Pay Now'}
      </Button>
    </Stack>
  );
}
