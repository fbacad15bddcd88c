/**
 * Saves the question form: create or update, the free plan's limit in the upgrade modal, the
 * premium plan's limit and other failures inline.
 */
import { useState } from 'react';
import { DEFAULT_TOPIC_TAGS, ERRORS, type QuestionBody } from '@mcat/contracts';
import { usePlanLimit } from '../../../components/use-plan-limit';
import { apiErrorMessage } from '../../../lib/api-error';
import {
  useCreateQuestionMutation,
  useGetTagsQuery,
  useUpdateQuestionMutation,
} from '../api/questions-api';
import { suggestionPool } from '../utils/topic-tags';
import type { QuestionFormFields } from '../utils/question-form-values';
import { QuestionForm } from './question-form';

interface QuestionEditorProps {
  /** The question being edited; absent for a new one. */
  questionId?: string;
  initialValues: QuestionFormFields;
  onSaved: () => void;
  onCancel: () => void;
}

export function QuestionEditor({
  questionId,
  initialValues,
  onSaved,
  onCancel,
}: QuestionEditorProps) {
  const tags = useGetTagsQuery();
  const [createQuestion] = useCreateQuestionMutation();
  const [updateQuestion] = useUpdateQuestionMutation();
  const [error, setError] = useState<string | null>(null);
  const planLimit = usePlanLimit();
  const pool = suggestionPool(DEFAULT_TOPIC_TAGS, tags.data ?? []);

  const save = async (body: QuestionBody) => {
    setError(null);
    try {
      if (questionId) await updateQuestion({ id: questionId, body }).unwrap();
      else await createQuestion(body).unwrap();
      onSaved();
    } catch (failure) {
      const fallback = questionId ? ERRORS.updateQuestion : ERRORS.createQuestion;
      setError(planLimit.inlineMessage(failure, () => apiErrorMessage(failure, fallback)));
    }
  };

  return (
    <>
      <QuestionForm
        initialValues={initialValues}
        submitLabel={questionId ? 'Update Question' : 'Save Question'}
        errorMessage={error}
        tagPool={pool}
        onSubmit={save}
        onCancel={onCancel}
      />
      {planLimit.prompt}
    </>
  );
}
