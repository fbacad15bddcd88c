/** /tests/:id: the test's details, its review status and its missed questions. */
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { ERRORS } from '@mcat/contracts';
import { ConfirmPopover } from '../../components/confirm-popover';
import { LoadingSpinner } from '../../components/loading-spinner';
import { PageContainer } from '../../components/page-container';
import { RouterLink } from '../../components/router-link';
import { TestQuestionsCard } from '../../features/questions/components/test-questions-card';
import {
  useCompleteReviewMutation,
  useReopenReviewMutation,
} from '../../features/review/api/review-api';
import { useDeleteTestMutation, useGetTestQuery } from '../../features/tests/api/tests-api';
import { ReviewStatusCard } from '../../features/tests/components/review-status-card';
import { TestDetailsCard } from '../../features/tests/components/test-details-card';
import { apiErrorMessage } from '../../lib/api-error';
import { formatTestDate } from '../../lib/dates';
import { usePageTitle } from '../../lib/use-page-title';
import { TestUnavailable } from './test-unavailable';

export function TestDetailRoute() {
  usePageTitle('Test Details');
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const test = useGetTestQuery(id);
  const [deleteTest, deleteCall] = useDeleteTestMutation();
  const [completeReview, completeCall] = useCompleteReviewMutation();
  const [reopenReview, reopenCall] = useReopenReviewMutation();
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const [reviewError, setReviewError] = useState<string | null>(null);

  if (test.isLoading) return <LoadingSpinner label="Loading test..." />;
  if (test.isError || !test.data) {
    return <TestUnavailable error={test.error} fallback={ERRORS.fetchTestDetails} />;
  }
  const current = test.data;

  const remove = async () => {
    setDeleteError(null);
    try {
      await deleteTest(id).unwrap();
      void navigate('/tests');
    } catch (failure) {
      setDeleteError(apiErrorMessage(failure, ERRORS.deleteTest));
    }
  };

  const reviewCall = async (call: () => Promise<unknown>, fallback: string) => {
    setReviewError(null);
    try {
      await call();
    } catch (failure) {
      setReviewError(apiErrorMessage(failure, fallback));
    }
  };

  return (
    <PageContainer>
      <Typography variant="h4" component="h1" gutterBottom>
        {current.source} · {formatTestDate(current.dateTaken)}
      </Typography>
      {deleteError ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {deleteError}
        </Alert>
      ) : null}
      <Box sx={{ display: 'grid', gap: 3 }}>
        <TestDetailsCard
          test={current}
          actions={
            <>
              <Button
                variant="outlined"
                startIcon={<EditIcon />}
                component={RouterLink}
                to={`/tests/${id}/edit`}
              >
                Edit
              </Button>
              <ConfirmPopover
                message="Are you sure you want to delete this test? This will also delete all associated missed questions."
                busy={deleteCall.isLoading}
                onConfirm={remove}
                trigger={(props) => (
                  <Button variant="outlined" color="error" startIcon={<DeleteIcon />} {...props}>
                    Delete
                  </Button>
                )}
              />
            </>
          }
        />
        <ReviewStatusCard
          test={current}
          busy={completeCall.isLoading || reopenCall.isLoading}
          error={reviewError}
          onMarkComplete={() =>
            void reviewCall(() => completeReview(id).unwrap(), ERRORS.markReviewComplete)
          }
          onReopen={() => void reviewCall(() => reopenReview(id).unwrap(), ERRORS.resetReview)}
        />
        <TestQuestionsCard testId={id} reviewComplete={current.review.isComplete} />
      </Box>
    </PageContainer>
  );
}
