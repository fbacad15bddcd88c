import { useNavigate } from 'react-router-dom';
import { FormCard } from '../../components/form-card';
import { PageContainer } from '../../components/page-container';
import { AccountDeletedNotice } from '../../features/account-data/components/account-deleted-notice';
import { LoginForm } from '../../features/auth/components/login-form';
import { usePageTitle } from '../../lib/use-page-title';

export function LoginRoute() {
  const navigate = useNavigate();
  usePageTitle('Login');
  return (
    <PageContainer maxWidth="sm">
      <AccountDeletedNotice />
      <FormCard title="Login">
        <LoginForm onSignedIn={() => void navigate('/dashboard')} />
      </FormCard>
    </PageContainer>
  );
}
