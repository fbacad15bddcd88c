/** /questions: every missed question, filtered through the search call, each labelled with its test. */
import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { ERRORS, type Question, type QuestionSearch } from '@mcat/contracts';
import { LoadingSpinner } from '../../components/loading-spinner';
import { PageContainer } from '../../components/page-container';
import { SectionCard } from '../../components/section-card';
import {
  useGetQuestionsQuery,
  useSearchQuestionsQuery,
} from '../../features/questions/api/questions-api';
import { QuestionFilters } from '../../features/questions/components/question-filters';
import { QuestionsTable } from '../../features/questions/components/questions-table';
import {
  NO_FILTERS,
  toSearch,
  type QuestionFilterValues,
} from '../../features/questions/utils/question-filters';
import { questionTestId } from '../../features/questions/utils/question-form-values';
import { useGetTestsByIdsQuery, useGetTestsQuery } from '../../features/tests/api/tests-api';
import { apiErrorMessage } from '../../lib/api-error';
import { formatTestDate } from '../../lib/dates';
import { usePageTitle } from '../../lib/use-page-title';

const testLabel = (test: { source: string; dateTaken: string }) =>
  `${test.source} (${formatTestDate(test.dateTaken)})`;

export function QuestionsRoute() {
  usePageTitle('Missed Questions');
  const [filters, setFilters] = useState<QuestionFilterValues>(NO_FILTERS);
  const [applied, setApplied] = useState<QuestionSearch | null>(null);
  const all = useGetQuestionsQuery(undefined, { skip: applied !== null });
  const searched = useSearchQuestionsQuery(applied ?? {}, { skip: applied === null });
  const shown = applied === null ? all : searched;
  const questions = useMemo(() => shown.data ?? [], [shown.data]);
  const tests = useGetTestsQuery();
  const testIds = useMemo(() => [...new Set(questions.map(questionTestId))].sort(), [questions]);
  const testsById = useGetTestsByIdsQuery(testIds, { skip: testIds.length === 0 });

  const testOf = (question: Question) => {
    const testId = questionTestId(question);
    const known =
      testsById.data?.[testId] ?? (typeof question.test === 'string' ? null : question.test);
    return { testId, label: known ? testLabel(known) : 'Unknown test' };
  };

  const list = () => {
    if (shown.isLoading || shown.isFetching) return <LoadingSpinner label="Loading questions..." />;
    if (shown.isError) {
      return (
        <Alert severity="error">
          {apiErrorMessage(
            shown.error,
            applied === null ? ERRORS.fetchQuestions : ERRORS.searchQuestions,
          )}
        </Alert>
      );
    }
    if (questions.length === 0) {
      return (
        <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
          <Typography variant="h6" component="p">
            No Questions Found
          </Typography>
          <Typography color="text.secondary">
            Missed questions you add to a test, or while reviewing it, show here.
          </Typography>
        </Paper>
      );
    }
    return (
      <QuestionsTable
        questions={questions}
        ariaLabel="All missed questions"
        editReturnUrl="/questions"
        testOf={testOf}
      />
    );
  };

  return (
    <PageContainer>
      <Typography variant="h4" component="h1" gutterBottom>
        Missed Questions
      </Typography>
      <SectionCard title="Filters">
        <QuestionFilters
          values={filters}
          onChange={setFilters}
          testOptions={(tests.data ?? []).map((test) => ({ id: test._id, label: testLabel(test) }))}
          onApply={() => setApplied(toSearch(filters))}
          onClear={() => {
            setFilters(NO_FILTERS);
            setApplied(null);
          }}
        />
      </SectionCard>
      <Typography variant="h5" component="h2" sx={{ mt: 3, mb: 2 }}>
        {questions.length === 1 ? '1 question' : `${questions.length} questions`}
      </Typography>
      {list()}
    </PageContainer>
  );
}
