/**
 * /questions: every missed question, or the search's answer once filters are applied, a page at a
 * time as the student scrolls (docs/api-paging.md), each row labelled with its test.
 */
import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ERRORS, type Question, type QuestionSearch } from '@mcat/contracts';
import { LoadingSpinner } from '../../components/loading-spinner';
import { PageContainer } from '../../components/page-container';
import { SectionCard } from '../../components/section-card';
import { AnkiExport } from '../../features/anki/components/anki-export';
import { LoadMoreStatus } from '../../features/questions/components/load-more-status';
import { QuestionFilters } from '../../features/questions/components/question-filters';
import { WindowedQuestionsTable } from '../../features/questions/components/windowed-questions-table';
import { useQuestionPages } from '../../features/questions/hooks/use-question-pages';
import {
  NO_FILTERS,
  toSearch,
  type QuestionFilterValues,
} from '../../features/questions/utils/question-filters';
import { questionTestId } from '../../features/questions/utils/question-form-values';
import { questionCountLabel } from '../../features/questions/utils/question-pages';
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
  const list = useQuestionPages(applied);
  const questions = list.questions;
  const tests = useGetTestsQuery();
  const testIds = useMemo(
    () => [...new Set((questions ?? []).map(questionTestId))].sort(),
    [questions],
  );
  const testsById = useGetTestsByIdsQuery(testIds, { skip: testIds.length === 0 });
  const failedMessage = applied === null ? ERRORS.fetchQuestions : ERRORS.searchQuestions;

  const testOf = (question: Question) => {
    const testId = questionTestId(question);
    const known =
      testsById.data?.[testId] ?? (typeof question.test === 'string' ? null : question.test);
    return { testId, label: known ? testLabel(known) : 'Unknown test' };
  };

  const body = () => {
    if (list.failed) {
      return (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={list.retry}>
              Try again
            </Button>
          }
        >
          {apiErrorMessage(list.error, failedMessage)}
        </Alert>
      );
    }
    if (questions === undefined) return <LoadingSpinner label="Loading questions..." />;
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
      <WindowedQuestionsTable
        key={JSON.stringify(applied)}
        questions={questions}
        ariaLabel="All missed questions"
        editReturnUrl="/questions"
        testOf={testOf}
        onNearEnd={list.loadMoreWhenIdle}
        footer={
          <LoadMoreStatus
            loading={list.loadingMore}
            failure={list.loadMoreFailed ? apiErrorMessage(list.error, failedMessage) : null}
            onRetry={list.loadMore}
          />
        }
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
      <Stack
        direction="row"
        spacing={2}
        useFlexGap
        sx={{
          mt: 3,
          mb: 2,
          alignItems: 'center',
          justifyContent: 'space-between',
          flexWrap: 'wrap',
        }}
      >
        <Typography variant="h5" component="h2">
          {questionCountLabel(list.total)}
        </Typography>
        <AnkiExport filters={applied} disabled={!list.total} />
      </Stack>
      {body()}
    </PageContainer>
  );
}
