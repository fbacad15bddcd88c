import { useNavigate } from 'react-router-dom';
import { FormCard } from '../../components/form-card';
import { PageContainer } from '../../components/page-container';
import { RegisterForm } from '../../features/auth/components/register-form';
import { usePageTitle } from '../../lib/use-page-title';

export function RegisterRoute() {
  const navigate = useNavigate();
  usePageTitle('Register');
  return (
    <PageContainer maxWidth="sm">
      <FormCard title="Create Your Account">
        <RegisterForm onRegistered={() => void navigate('/dashboard?newUser=true')} />
      </FormCard>
    </PageContainer>
  );
}
