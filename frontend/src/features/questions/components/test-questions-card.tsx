/** A test's Missed Questions card: add, review link, filters and the table, or the empty state. */
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { ERRORS } from '@mcat/contracts';
import { LoadingSpinner } from '../../../components/loading-spinner';
import { RouterLink } from '../../../components/router-link';
import { SectionCard } from '../../../components/section-card';
import { apiErrorMessage } from '../../../lib/api-error';
import { useGetTestQuestionsQuery } from '../api/questions-api';
import { NO_FILTERS, filterQuestions } from '../utils/question-filters';
import { QuestionFilters } from './question-filters';
import { QuestionsTable } from './questions-table';

interface TestQuestionsCardProps {
  testId: string;
  reviewComplete: boolean;
}

export function TestQuestionsCard({ testId, reviewComplete }: TestQuestionsCardProps) {
  const questions = useGetTestQuestionsQuery(testId);
  const [filters, setFilters] = useState(NO_FILTERS);
  const addPath = `/tests/${testId}/questions/new?returnUrl=${encodeURIComponent(`/tests/${testId}`)}`;
  const all = questions.data ?? [];
  const shown = filterQuestions(all, filters);

  const body = () => {
    if (questions.isLoading) return <LoadingSpinner label="Loading missed questions..." />;
    if (questions.isError) {
      return (
        <Alert severity="error">
          {apiErrorMessage(questions.error, ERRORS.fetchTestQuestions)}
        </Alert>
      );
    }
    if (all.length === 0) {
      return (
        <Box sx={{ textAlign: 'center', py: 3 }}>
          <Typography variant="h6" component="p">
            No Missed Questions
          </Typography>
          <Link component={RouterLink} to={addPath}>
            Add a missed question
          </Link>
        </Box>
      );
    }
    return (
      <>
        <QuestionFilters
          values={filters}
          onChange={setFilters}
          onClear={() => setFilters(NO_FILTERS)}
        />
        {shown.length === 0 ? (
          <Typography sx={{ py: 2 }}>No missed questions match these filters.</Typography>
        ) : (
          <QuestionsTable
            questions={shown}
            ariaLabel="Missed questions of this test"
            editReturnUrl={`/tests/${testId}`}
          />
        )}
      </>
    );
  };

  return (
    <SectionCard
      title="Missed Questions"
      actions={
        <>
          <Button variant="contained" component={RouterLink} to={addPath}>
            Add Missed Question
          </Button>
          {reviewComplete ? null : (
            <Button variant="outlined" component={RouterLink} to={`/tests/${testId}/review`}>
              Review Test
            </Button>
          )}
        </>
      }
    >
      {body()}
    </SectionCard>
  );
}
