/**
 * The dev payment provider's card form, labelled as Test mode: Stripe's test card numbers pay or
 * fail as they would with Stripe, and the card error shows under the field.
 */
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import TextField from '@mui/material/TextField';
import { ERRORS, devCardPaymentSchema } from '@mcat/contracts';
import { apiErrorMessage } from '../../../lib/api-error';
import { paymentIntentIdOf, usePayWithDevCardMutation } from '../api/premium-api';
import type { CardFormProps } from './card-form-props';
import { CardPaymentForm, useCardPayment } from './card-payment-form';

/** Answers with these statuses carry a card error to show under the field. */
const CARD_ERROR_STATUSES: readonly unknown[] = [400, 402];

export function DevCardForm({ clientSecret, onPaid }: CardFormProps) {
  const [payWithDevCard] = usePayWithDevCardMutation();
  const [cardNumber, setCardNumber] = useState('');
  const payment = useCardPayment();
  const { cardError, setCardError } = payment;

  const pay = async (event: React.FormEvent) => {
    event.preventDefault();
    payment.clearErrors();
    const parsed = devCardPaymentSchema.safeParse({ clientSecret, cardNumber });
    if (!parsed.success) {
      setCardError(parsed.error.issues[0]?.message ?? ERRORS.cardUnexpected);
      return;
    }
    await payment.whilePaying(async () => {
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
          payment.failUnexpectedly();
        }
      }
    });
  };

  return (
    <CardPaymentForm onSubmit={pay} unexpected={payment.unexpected} paying={payment.paying}>
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
    </CardPaymentForm>
  );
}
