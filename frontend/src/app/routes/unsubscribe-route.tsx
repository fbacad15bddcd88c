import { useParams } from 'react-router-dom';
import { UNSUBSCRIBE_PAGE_TEXTS } from '@mcat/contracts';
import { FormCard } from '../../components/form-card';
import { PageContainer } from '../../components/page-container';
import { UnsubscribeView } from '../../features/auth/components/unsubscribe-view';
import { usePageTitle } from '../../lib/use-page-title';

export function UnsubscribeRoute() {
  const { token = '' } = useParams();
  usePageTitle(UNSUBSCRIBE_PAGE_TEXTS.title);
  return (
    <PageContainer maxWidth="sm">
      <FormCard title={UNSUBSCRIBE_PAGE_TEXTS.title}>
        <UnsubscribeView token={token} />
      </FormCard>
    </PageContainer>
  );
}
