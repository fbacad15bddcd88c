import { FormCard } from '../../components/form-card';
import { PageContainer } from '../../components/page-container';
import { ForgotPasswordForm } from '../../features/auth/components/forgot-password-form';
import { usePageTitle } from '../../lib/use-page-title';

export function ForgotPasswordRoute() {
  usePageTitle('Forgot Password');
  return (
    <PageContainer maxWidth="sm">
      <FormCard title="Forgot Password">
        <ForgotPasswordForm />
      </FormCard>
    </PageContainer>
  );
}
