/** /re-review: the spaced re-review of missed questions, one due question at a time. */
import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { REVIEW_MESSAGES, type DueQuestion } from '@mcat/contracts';
import { LoadingSpinner } from '../../components/loading-spinner';
import { PageContainer } from '../../components/page-container';
import { useGetDueQuestionsQuery } from '../../features/re-review/api/re-review-api';
import { ReReviewSession } from '../../features/re-review/components/re-review-session';
import { apiErrorMessage } from '../../lib/api-error';
import { usePageTitle } from '../../lib/use-page-title';

/** A sitting: the due list as it was when it began (recorded reviews leave the cached list). */
interface Sitting {
  id: number;
  questions: readonly DueQuestion[];
}

export function ReReviewRoute() {
  usePageTitle('Re-review');
  const due = useGetDueQuestionsQuery(undefined, { refetchOnMountOrArgChange: true });
  const [sitting, setSitting] = useState<Sitting | null>(null);
  const fresh = !due.isFetching && due.data ? due.data : null;

  useEffect(() => {
    if (fresh && sitting === null) setSitting({ id: 0, questions: fresh });
  }, [fresh, sitting]);

  const checkAgain = () => {
    void due.refetch().then(({ data }) => {
      if (data) setSitting((s) => ({ id: (s?.id ?? 0) + 1, questions: data }));
    });
  };

  let content;
  if (sitting) {
    content = (
      <ReReviewSession
        key={sitting.id}
        questions={sitting.questions}
        onCheckAgain={checkAgain}
        checking={due.isFetching}
      />
    );
  } else if (due.isError && !due.isFetching) {
    content = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={checkAgain}>
            Try again
          </Button>
        }
      >
        {apiErrorMessage(due.error, REVIEW_MESSAGES.dueFetchFailed)}
      </Alert>
    );
  } else {
    content = <LoadingSpinner label="Loading the questions due..." />;
  }

  return (
    <PageContainer maxWidth="md">
      <Typography variant="h4" component="h1" gutterBottom>
        Re-review missed questions
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Questions come back on a spaced schedule (FSRS): the better you remember one, the longer
        until it returns.
      </Typography>
      {content}
    </PageContainer>
  );
}
