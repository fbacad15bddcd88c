/**
 * The premium flow: initial, then ready (the card form), then success or error.
 * A 100% coupon skips the card. `autoStart` (from ?checkout=true) starts the payment at once.
 */
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  ERRORS,
  PREMIUM_PRICE,
  type CouponResult,
  type PublicConfig,
  type User,
} from '@mcat/contracts';
import { LoadingSpinner } from '../../../components/loading-spinner';
import { apiErrorMessage } from '../../../lib/api-error';
import { useConfirmPremiumMutation, useCreatePaymentIntentMutation } from '../api/premium-api';
import { formatPrice } from '../utils/price';
import { CouponBox } from './coupon-box';
import { DevCardForm } from './dev-card-form';
import { PremiumSuccess } from './premium-success';

const StripeCardForm = lazy(() =>
  import('./stripe-card-form').then((m) => ({ default: m.StripeCardForm })),
);

type Phase = 'initial' | 'ready' | 'success' | 'error';

interface PremiumCheckoutProps {
  payments: PublicConfig['payments'];
  autoStart: boolean;
  onUpgraded: (user: User) => void;
}

export function PremiumCheckout({ payments, autoStart, onUpgraded }: PremiumCheckoutProps) {
  const navigate = useNavigate();
  const [createPaymentIntent, creating] = useCreatePaymentIntentMutation();
  const [confirmPremium] = useConfirmPremiumMutation();
  const [phase, setPhase] = useState<Phase>('initial');
  const [coupon, setCoupon] = useState<CouponResult | null>(null);
  const [clientSecret, setClientSecret] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const autoStarted = useRef(false);
  const free = coupon?.discount === 'free';
  const toDashboard = useCallback(
    () => void navigate('/dashboard?premiumSuccess=true'),
    [navigate],
  );

  const start = async () => {
    setError(null);
    try {
      const result = await createPaymentIntent({ couponId: coupon?.couponId }).unwrap();
      if (result.free) {
        onUpgraded(result.user);
        setPhase('success');
      } else {
        setClientSecret(result.clientSecret);
        setPhase('ready');
      }
    } catch (failure) {
      setError(apiErrorMessage(failure, ERRORS.createPaymentIntent));
      setPhase('error');
    }
  };

  const paid = async (paymentIntentId: string) => {
    try {
      onUpgraded(await confirmPremium({ paymentIntentId }).unwrap());
      setPhase('success');
    } catch (failure) {
      setError(apiErrorMessage(failure, ERRORS.confirmPremium));
      setPhase('error');
    }
  };

  useEffect(() => {
    if (!autoStart || autoStarted.current || payments === null) return;
    autoStarted.current = true;
    void start();
  });

  if (phase === 'success') {
    return <PremiumSuccess onContinue={toDashboard} />;
  }

  const cardForm = () => {
    if (!clientSecret || payments === null) return null;
    if (payments.provider === 'stripe' && payments.publishableKey) {
      return (
        <Suspense fallback={<LoadingSpinner label="Loading the card form..." />}>
          <StripeCardForm
            publishableKey={payments.publishableKey}
            clientSecret={clientSecret}
            onPaid={paid}
          />
        </Suspense>
      );
    }
    return <DevCardForm clientSecret={clientSecret} onPaid={paid} />;
  };

  return (
    <Paper variant="outlined" component="section" aria-labelledby="checkout-title" sx={{ p: 3 }}>
      <Typography id="checkout-title" variant="h5" component="h2" gutterBottom>
        Get Premium for {formatPrice(PREMIUM_PRICE.amount)}
      </Typography>
      <Stack spacing={3}>
        {payments === null ? (
          <Alert severity="warning">
            Payments are unavailable right now. Please try again later.
          </Alert>
        ) : null}
        <CouponBox applied={coupon} disabled={phase === 'ready'} onApplied={setCoupon} />
        {error ? <Alert severity="error">{error}</Alert> : null}
        {phase === 'ready' ? (
          cardForm()
        ) : (
          <Button
            variant="contained"
            size="large"
            color="secondary"
            onClick={() => void start()}
            disabled={creating.isLoading || payments === null}
            sx={{ alignSelf: 'flex-start' }}
          >
            {creating.isLoading ? 'Starting...' : free ? 'Claim Free Upgrade' : 'Upgrade Now'}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
