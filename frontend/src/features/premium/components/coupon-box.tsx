/** The coupon box: an empty code is refused here, an unknown one by the server. */
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  COUPON_CODE_MAX_LENGTH,
  ERRORS,
  applyCouponSchema,
  type CouponResult,
} from '@mcat/contracts';
import { apiErrorMessage } from '../../../lib/api-error';
import { useApplyCouponMutation } from '../api/premium-api';

interface CouponBoxProps {
  applied: CouponResult | null;
  disabled: boolean;
  onApplied: (coupon: CouponResult) => void;
}

export function CouponBox({ applied, disabled, onApplied }: CouponBoxProps) {
  const [applyCoupon, { isLoading }] = useApplyCouponMutation();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);

  const apply = async (event: React.FormEvent) => {
    event.preventDefault();
    setError(null);
    const parsed = applyCouponSchema.safeParse({ couponCode: code });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? ERRORS.invalidCoupon);
      return;
    }
    try {
      onApplied(await applyCoupon(parsed.data).unwrap());
    } catch (failure) {
      setError(apiErrorMessage(failure, ERRORS.invalidCoupon));
    }
  };

  return (
    <Stack component="form" noValidate spacing={1} onSubmit={apply} aria-label="Coupon">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: 'flex-start' }}>
        <TextField
          label="Coupon Code"
          size="small"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          error={error !== null}
          helperText={error}
          disabled={disabled}
          slotProps={{ htmlInput: { maxLength: COUPON_CODE_MAX_LENGTH } }}
        />
        <Button type="submit" variant="outlined" disabled={disabled || isLoading}>
          {isLoading ? 'Applying...' : 'Apply Coupon'}
        </Button>
      </Stack>
      {applied ? (
        <Alert severity="success">
          {applied.discount === 'free'
            ? 'Coupon applied: Premium is free with this coupon.'
            : `Coupon applied: ${applied.discount}.`}
        </Alert>
      ) : null}
    </Stack>
  );
}
