/** /tests/:id/review: the review wizard, with the question form and lists of the questions feature. */
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import Typography from '@mui/material/Typography';
import { ERRORS } from '@mcat/contracts';
import { LoadingSpinner } from '../../components/loading-spinner';
import { PageContainer } from '../../components/page-container';
import { QuestionEditor } from '../../features/questions/components/question-editor';
import { SectionQuestions } from '../../features/questions/components/section-questions';
import { newQuestionForm } from '../../features/questions/utils/question-form-values';
import { ReviewWizard } from '../../features/review/components/review-wizard';
import { useGetTestQuery } from '../../features/tests/api/tests-api';
import { formatTestDate } from '../../lib/dates';
import { usePageTitle } from '../../lib/use-page-title';
import { TestUnavailable } from './test-unavailable';

export function ReviewRoute() {
  usePageTitle('Review Test');
  const { id = '' } = useParams();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const test = useGetTestQuery(id);

  if (test.isLoading) return <LoadingSpinner label="Loading test..." />;
  if (!test.data) return <TestUnavailable error={test.error} fallback={ERRORS.fetchTest} />;

  return (
    <PageContainer maxWidth="md">
      <Typography variant="h4" component="h1" gutterBottom>
        Review: {test.data.source} · {formatTestDate(test.data.dateTaken)}
      </Typography>
      <ReviewWizard
        key={`${test.data._id}-${searchParams.get('section') ?? ''}`}
        test={test.data}
        sectionParam={searchParams.get('section')}
        onExit={() => void navigate(`/tests/${id}`)}
        renderQuestionForm={({ section, questionNumber, onDone }) => (
          <QuestionEditor
            key={`${section}-${questionNumber}`}
            initialValues={newQuestionForm(id, { section, questionNumber })}
            onSaved={onDone}
            onCancel={onDone}
          />
        )}
        renderSectionQuestions={(section) => <SectionQuestions testId={id} section={section} />}
      />
    </PageContainer>
  );
}
