/** /tests/new and /tests/:id/edit: the one test form, saving a new test or updating one. */
import { useNavigate, useParams } from 'react-router-dom';
import { ERRORS } from '@mcat/contracts';
import { FormCard } from '../../components/form-card';
import { LoadingSpinner } from '../../components/loading-spinner';
import { PageContainer } from '../../components/page-container';
import { useGetTestQuery } from '../../features/tests/api/tests-api';
import { TestEditor } from '../../features/tests/components/test-editor';
import { emptyTestForm, testFormFromTest } from '../../features/tests/utils/test-form-values';
import { usePageTitle } from '../../lib/use-page-title';
import { TestUnavailable } from './test-unavailable';

export function NewTestRoute() {
  usePageTitle('Add New Test');
  const navigate = useNavigate();
  return (
    <PageContainer maxWidth="md">
      <FormCard title="Add New Test">
        <TestEditor
          initialValues={emptyTestForm()}
          onSaved={(test) => void navigate(`/tests/${test._id}/review`)}
        />
      </FormCard>
    </PageContainer>
  );
}

export function EditTestRoute() {
  usePageTitle('Edit Test');
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const test = useGetTestQuery(id);

  if (test.isLoading) return <LoadingSpinner label="Loading test..." />;
  if (!test.data) return <TestUnavailable error={test.error} fallback={ERRORS.fetchTest} />;
  return (
    <PageContainer maxWidth="md">
      <FormCard title="Edit Test">
        <TestEditor
          key={test.data._id}
          testId={id}
          initialValues={testFormFromTest(test.data)}
          onSaved={() => void navigate(`/tests/${id}`)}
        />
      </FormCard>
    </PageContainer>
  );
}
