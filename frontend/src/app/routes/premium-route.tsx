/** /premium: plans, coupon and checkout; premium members who open it go to /dashboard. */
import { useState } from 'react';
import { Navigate, useSearchParams } from 'react-router-dom';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PageContainer } from '../../components/page-container';
import { selectCurrentUser, userUpdated } from '../../features/auth/session-slice';
import { PlanComparison } from '../../features/premium/components/plan-comparison';
import { PremiumCheckout } from '../../features/premium/components/premium-checkout';
import { usePublicConfig } from '../../features/site-config/config-api';
import { usePageTitle } from '../../lib/use-page-title';
import { useAppDispatch, useAppSelector } from '../hooks';

export function PremiumRoute() {
  usePageTitle('Upgrade to Premium');
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectCurrentUser);
  const { payments } = usePublicConfig();
  const [searchParams] = useSearchParams();
  const [premiumOnArrival] = useState(user?.isPremium ?? false);

  if (premiumOnArrival) return <Navigate to="/dashboard" replace />;

  return (
    <PageContainer>
      <Stack spacing={3}>
        <Typography variant="h4" component="h1">
          Upgrade to Premium
        </Typography>
        <PlanComparison />
        <PremiumCheckout
          payments={payments}
          autoStart={searchParams.get('checkout') === 'true'}
          onUpgraded={(upgraded) => dispatch(userUpdated(upgraded))}
        />
      </Stack>
    </PageContainer>
  );
}
