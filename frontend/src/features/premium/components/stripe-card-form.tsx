/**
 * Stripe Elements' card field, loaded only when the payment provider is Stripe. Stripe confirms
 * the card payment with the client secret; its card errors show under the field.
 */
import { useMemo, useState } from 'react';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe } from '@stripe/stripe-js';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import { ERRORS } from '@mcat/contracts';
import type { CardFormProps } from './card-form-props';

function CardPayment({ clientSecret, onPaid }: CardFormProps) {
  const stripe = useStripe();
  const elements = useElements();
  const theme = useTheme();
  const [cardError, setCardError] = useState<string | null>(null);
  const [unexpected, setUnexpected] = useState<string | null>(null);
  const [paying, setPaying] = useState(false);

  const pay = async (event: React.FormEvent) => {
    event.preventDefault();
    const card = elements?.getElement(CardElement);
    if (!stripe || !card) return;
    setCardError(null);
    setUnexpected(null);
    setPaying(true);
    try {
      const { error, paymentIntent } = await stripe.confirmCardPayment(clientSecret, {
        payment_method: { card },
      });
      if (error) {
        if (error.type === 'card_error' || error.type === 'validation_error') {
          setCardError(error.message ?? ERRORS.cardUnexpected);
        } else {
          setUnexpected(ERRORS.cardUnexpected);
        }
      } else if (paymentIntent?.status === 'succeeded') {
        await onPaid(paymentIntent.id);
      } else {
        setUnexpected(ERRORS.cardUnexpected);
      }
    } finally {
      setPaying(false);
    }
  };

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={pay} aria-label="Card payment">
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
      {unexpected ? <Alert severity="error">{unexpected}</Alert> : null}
      <Button type="submit" variant="contained" size="large" disabled={!stripe || paying}>
        {paying ? 'Processing...' : 'Pay Now'}
      </Button>
    </Stack>
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
