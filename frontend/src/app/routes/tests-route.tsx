/** /tests: the test history with Excel export and import, and the free plan's limit modal. */
import { PageContainer } from '../../components/page-container';
import { TestsManager } from '../../features/tests/components/tests-manager';
import { usePageTitle } from '../../lib/use-page-title';

const TITLE = 'Your MCAT Tests';

export function TestsRoute() {
  usePageTitle(TITLE);
  return (
    <PageContainer>
      <TestsManager title={TITLE} />
    </PageContainer>
  );
}
