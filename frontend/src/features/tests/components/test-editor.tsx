/**
 * Saves the test form: create or update, the free plan's limit in the upgrade modal, the premium
 * plan's limit and other failures inline.
 */
import { useState } from 'react';
import { ERRORS, type Test } from '@mcat/contracts';
import { usePlanLimit } from '../../../components/use-plan-limit';
import { apiErrorMessage } from '../../../lib/api-error';
import { useCreateTestMutation, useUpdateTestMutation } from '../api/tests-api';
import type { TestFormFields } from '../utils/test-form-values';
import { TestForm, type TestFormOutput } from './test-form';

interface TestEditorProps {
  /** The test being edited; absent for a new one. */
  testId?: string;
  initialValues: TestFormFields;
  onSaved: (test: Test) => void;
}

export function TestEditor({ testId, initialValues, onSaved }: TestEditorProps) {
  const [createTest] = useCreateTestMutation();
  const [updateTest] = useUpdateTestMutation();
  const [error, setError] = useState<string | null>(null);
  const planLimit = usePlanLimit();

  const save = async (body: TestFormOutput) => {
    setError(null);
    try {
      onSaved(
        testId ? await updateTest({ id: testId, body }).unwrap() : await createTest(body).unwrap(),
      );
    } catch (failure) {
      setError(planLimit.inlineMessage(failure, () => apiErrorMessage(failure, ERRORS.saveTest)));
    }
  };

  return (
    <>
      <TestForm
        initialValues={initialValues}
        submitLabel={testId ? 'Update Test' : 'Save Test'}
        errorMessage={error}
        onSubmit={save}
      />
      {planLimit.prompt}
    </>
  );
}
