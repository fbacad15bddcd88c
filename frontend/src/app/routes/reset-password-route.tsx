import { useCallback } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { FormCard } from '../../components/form-card';
import { PageContainer } from '../../components/page-container';
import { ResetPasswordView } from '../../features/auth/components/reset-password-view';
import { usePageTitle } from '../../lib/use-page-title';

export function ResetPasswordRoute() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const toLogin = useCallback(() => void navigate('/login'), [navigate]);
  usePageTitle('Reset Password');
  return (
    <PageContainer maxWidth="sm">
      <FormCard title="Reset Password">
        <ResetPasswordView token={token} onDone={toLogin} />
      </FormCard>
    </PageContainer>
  );
}
