/**
 * Stripe Elements' card field, loaded only when the payment provider is Stripe. Stripe confirms
 * the card payment with the client secret; its card errors show under the field.
 */
import { useMemo } from 'react';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe } from '@stripe/stripe-js';
import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import { useTheme } from '@mui/material/styles';
import { ERRORS } from '@mcat/contracts';
import type { CardFormProps } from './card-form-props';
import { CardPaymentForm, useCardPayment } from './card-payment-form';

function CardPayment({ clientSecret, onPaid }: CardFormProps) {
  const stripe = useStripe();
  const elements = useElements();
  const theme = useTheme();
  const payment = useCardPayment();
  const { cardError, setCardError } = payment;

  const pay = async (event: React.FormEvent) => {
    event.preventDefault();
    const card = elements?.getElement(CardElement);
    if (!stripe || !card) return;
    payment.clearErrors();
    await payment.whilePaying(async () => {
      const { error, paymentIntent } = await stripe.confirmCardPayment(clientSecret, {
        payment_method: { card },
      });
      if (error) {
        if (error.type === 'card_error' || error.type === 'validation_error') {
          setCardError(error.message ?? ERRORS.cardUnexpected);
        } else {
          payment.failUnexpectedly();
        }
      } else if (paymentIntent?.status === 'succeeded') {
        await onPaid(paymentIntent.id);
      } else {
        payment.failUnexpectedly();
      }
    });
  };

  return (
    <CardPaymentForm
      onSubmit={pay}
      unexpected={payment.unexpected}
      paying={payment.paying}
      notReady={!stripe}
    >
      <FormLabel id="card-label">Card details</FormLabel>
      <Box
        role="group"
        aria-labelledby="card-label"
        sx={{
          border: 1,
          borderColor: cardError ? 'error.main' : 'divider',
          borderRadius: 1,
          p: 1.5,
        }}
      >
        <CardElement
          options={{
            style: { base: { color: theme.palette.text.primary, fontSize: '16px' } },
          }}
          onChange={(change) => setCardError(change.error?.message ?? null)}
        />
      </Box>
      {cardError ? <FormHelperText error>{cardError}</FormHelperText> : null}
    </CardPaymentForm>
  );
}

export function StripeCardForm({
  publishableKey,
  ...props
}: CardFormProps & { publishableKey: string }) {
  const stripe = useMemo(() => loadStripe(publishableKey), [publishableKey]);
  return (
    <Elements stripe={stripe}>
      <CardPayment {...props} />
    </Elements>
  );
}
