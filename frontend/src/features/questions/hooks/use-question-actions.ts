/** The Anki toggle and delete of a questions table, and the error either leaves to show. */
import { useState } from 'react';
import { ERRORS } from '@mcat/contracts';
import { apiErrorMessage } from '../../../lib/api-error';
import { useDeleteQuestionMutation, useToggleAnkiMutation } from '../api/questions-api';

export interface QuestionActions {
  error: string | null;
  clearError: () => void;
  toggleAnki: (id: string) => Promise<void>;
  remove: (id: string) => Promise<void>;
}

export function useQuestionActions(): QuestionActions {
  const [error, setError] = useState<string | null>(null);
  const [toggle] = useToggleAnkiMutation();
  const [deleteQuestion] = useDeleteQuestionMutation();

  const run = async (action: () => Promise<unknown>, fallback: string) => {
    setError(null);
    try {
      await action();
    } catch (failure) {
      setError(apiErrorMessage(failure, fallback));
    }
  };

  return {
    error,
    clearError: () => setError(null),
    toggleAnki: (id) => run(() => toggle(id).unwrap(), ERRORS.toggleAnki),
    remove: (id) => run(() => deleteQuestion(id).unwrap(), ERRORS.deleteQuestion),
  };
}
