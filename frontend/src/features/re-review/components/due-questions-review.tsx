/** The spaced re-review of missed questions: the list due now, one question at a time. */
import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { REVIEW_MESSAGES, type DueQuestion } from '@mcat/contracts';
import { LoadingSpinner } from '../../../components/loading-spinner';
import { apiErrorMessage } from '../../../lib/api-error';
import { useGetDueQuestionsQuery } from '../api/re-review-api';
import { ReReviewSession } from './re-review-session';

/** A sitting: the due list as it was when it began (recorded reviews leave the cached list). */
interface Sitting {
  id: number;
  questions: readonly DueQuestion[];
}

/**
 * The questions due, reviewed one at a time; "check again" starts a new sitting from a fresh list.
 */
export function DueQuestionsReview() {
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

  if (sitting) {
    return (
      <ReReviewSession
        key={sitting.id}
        questions={sitting.questions}
        onCheckAgain={checkAgain}
        checking={due.isFetching}
      />
    );
  }
  if (due.isError && !due.isFetching) {
    return (
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
  }
  return <LoadingSpinner label="Loading the questions due..." />;
}
