/** /tests/new and /tests/:id/edit: the one test form, saving a new test or updating one. */
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { ERRORS } from '@mcat/contracts';
import { FormCard } from '../../components/form-card';
import { LoadingSpinner } from '../../components/loading-spinner';
import { PageContainer } from '../../components/page-container';
import { usePlanLimit } from '../../components/use-plan-limit';
import {
  useCreateTestMutation,
  useGetTestQuery,
  useUpdateTestMutation,
} from '../../features/tests/api/tests-api';
import { TestForm, type TestFormOutput } from '../../features/tests/components/test-form';
import { emptyTestForm, testFormFromTest } from '../../features/tests/utils/test-form-values';
import { apiErrorMessage } from '../../lib/api-error';
import { usePageTitle } from '../../lib/use-page-title';
import { TestUnavailable } from './test-unavailable';

export function NewTestRoute() {
  usePageTitle('Add New Test');
  const navigate = useNavigate();
  const [createTest] = useCreateTestMutation();
  const [error, setError] = useState<string | null>(null);
  const planLimit = usePlanLimit();

  const save = async (values: TestFormOutput) => {
    setError(null);
    try {
      const test = await createTest(values).unwrap();
      void navigate(`/tests/${test._id}/review`);
    } catch (failure) {
      setError(planLimit.inlineMessage(failure, () => apiErrorMessage(failure, ERRORS.saveTest)));
    }
  };

  return (
    <PageContainer maxWidth="md">
      <FormCard title="Add New Test">
        <TestForm
          initialValues={emptyTestForm()}
          submitLabel="Save Test"
          errorMessage={error}
          onSubmit={save}
        />
      </FormCard>
      {planLimit.prompt}
    </PageContainer>
  );
}

export function EditTestRoute() {
  usePageTitle('Edit Test');
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const test = useGetTestQuery(id);
  const [updateTest] = useUpdateTestMutation();
  const [error, setError] = useState<string | null>(null);

  if (test.isLoading) return <LoadingSpinner label="Loading test..." />;
  if (!test.data) return <TestUnavailable error={test.error} fallback={ERRORS.fetchTest} />;

  const save = async (values: TestFormOutput) => {
    setError(null);
    try {
      await updateTest({ id, body: values }).unwrap();
      void navigate(`/tests/${id}`);
    } catch (failure) {
      setError(apiErrorMessage(failure, ERRORS.saveTest));
    }
  };

  return (
    <PageContainer maxWidth="md">
      <FormCard title="Edit Test">
        <TestForm
          key={test.data._id}
          initialValues={testFormFromTest(test.data)}
          submitLabel="Update Test"
          errorMessage={error}
          onSubmit={save}
        />
      </FormCard>
    </PageContainer>
  );
}
