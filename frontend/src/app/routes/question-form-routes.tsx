/** /tests/:testId/questions/new and /questions/:id/edit: the one question form; returnUrl honoured. */
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { FormCard } from '../../components/form-card';
import { LoadingSpinner } from '../../components/loading-spinner';
import { PageContainer } from '../../components/page-container';
import { useGetQuestionQuery } from '../../features/questions/api/questions-api';
import { QuestionEditor } from '../../features/questions/components/question-editor';
import {
  newQuestionForm,
  questionFormFromQuestion,
} from '../../features/questions/utils/question-form-values';
import { safeReturnUrl } from '../../lib/return-url';
import { usePageTitle } from '../../lib/use-page-title';
import { NotFoundMessage } from './not-found-message';

/** Where saving or cancelling goes: the returnUrl when it is one of ours, else the default. */
const useReturnTo = (fallback: string) => {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const target = safeReturnUrl(searchParams.get('returnUrl')) ?? fallback;
  return () => void navigate(target);
};

export function NewQuestionRoute() {
  usePageTitle('Add Missed Question');
  const { testId = '' } = useParams();
  const goBack = useReturnTo(`/tests/${testId}`);
  return (
    <PageContainer maxWidth="md">
      <FormCard title="Add Missed Question">
        <QuestionEditor
          initialValues={newQuestionForm(testId)}
          onSaved={goBack}
          onCancel={goBack}
        />
      </FormCard>
    </PageContainer>
  );
}

export function EditQuestionRoute() {
  usePageTitle('Edit Missed Question');
  const { id = '' } = useParams();
  const question = useGetQuestionQuery(id);
  const goBack = useReturnTo('/questions');

  if (question.isLoading) return <LoadingSpinner label="Loading question..." />;
  if (!question.data) {
    return <NotFoundMessage what="question" backTo="/questions" backLabel="Back to Questions" />;
  }
  return (
    <PageContainer maxWidth="md">
      <FormCard title="Edit Missed Question">
        <QuestionEditor
          key={question.data._id}
          questionId={question.data._id}
          initialValues={questionFormFromQuestion(question.data)}
          onSaved={goBack}
          onCancel={goBack}
        />
      </FormCard>
    </PageContainer>
  );
}
