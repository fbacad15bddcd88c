/** /billing: the billing staff's page; anyone else is told they lack access. */
import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import { PageContainer } from '../../components/page-container';
import { BillingDashboard } from '../../features/billing/components/billing-dashboard';
import { selectSession } from '../../features/auth/session-slice';
import { usePageTitle } from '../../lib/use-page-title';
import { useAppSelector } from '../hooks';

export function BillingRoute() {
  usePageTitle('Billing');
  const { user, token } = useAppSelector(selectSession);
  const isStaff = user?.roles.includes('billing') ?? false;
  return (
    <PageContainer>
      <Typography variant="h4" component="h1" gutterBottom>
        Billing
      </Typography>
      {isStaff ? (
        <BillingDashboard token={token} />
      ) : (
        <Alert severity="warning">
          You do not have access to this page. It is for the billing team only.
        </Alert>
      )}
    </PageContainer>
  );
}
