/**
 * "Score Projection": the total the student's practice tests point to on the planned MCAT date,
 * with its range, the gap to the target score and the one-sentence method; the server's message
 * when there are too few tests (with the way to Premium for a free student, whose plan holds
 * fewer tests than a projection needs), and a way to the profile when there is no date.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PLAN_LIMITS, PROJECTION_MESSAGES, type ErrorCode } from '@mcat/contracts';
import { LoadingSpinner } from '../../../components/loading-spinner';
import { RouterLink } from '../../../components/router-link';
import { SectionCard } from '../../../components/section-card';
import { apiErrorMessage } from '../../../lib/api-error';
import { useGetProjectionQuery } from '../api/projection-api';
import { projectionSentence, targetGapSentence } from '../utils/projection-text';

export const PROJECTION_TITLE = 'Score Projection';

interface ProjectionCardProps {
  plannedTestingDate: string | null;
  targetScore: number | null;
  isPremium: boolean;
  /** The student's tests, once loaded: a free student at the plan's limit is not sent to add one. */
  testCount: number | undefined;
}

const errorCode = (error: unknown): ErrorCode | null => {
  const data = (error as { data?: { code?: unknown } } | undefined)?.data;
  return typeof data?.code === 'string' ? (data.code as ErrorCode) : null;
};

const profileLink = (
  <Button variant="outlined" component={RouterLink} to="/profile" sx={{ alignSelf: 'flex-start' }}>
    Go to Profile
  </Button>
);

/** Under three tests: how to get there (a free student needs Premium to log a third). */
function NeedsTests({
  isPremium,
  testCount,
}: Pick<ProjectionCardProps, 'isPremium' | 'testCount'>) {
  const canAdd = isPremium || testCount === undefined || testCount < PLAN_LIMITS.free.tests;
  return (
    <>
      {isPremium ? null : <Typography>{PROJECTION_MESSAGES.freePlan}</Typography>}
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {canAdd ? (
          <Button variant="contained" component={RouterLink} to="/tests/new">
            Add New Test
          </Button>
        ) : null}
        {isPremium ? null : (
          <Button variant={canAdd ? 'outlined' : 'contained'} component={RouterLink} to="/premium">
            Upgrade to Premium
          </Button>
        )}
      </Stack>
    </>
  );
}

function Projection({
  plannedTestingDate,
  targetScore,
  isPremium,
  testCount,
}: ProjectionCardProps & { plannedTestingDate: string }) {
  const { data, error, isLoading } = useGetProjectionQuery(plannedTestingDate);
  if (isLoading) return <LoadingSpinner label="Loading your projection..." />;
  if (error || !data) {
    const code = errorCode(error);
    if (code === 'PROJECTION_NEEDS_TESTS' || code === 'PROJECTION_NEEDS_DATE') {
      return (
        <Stack spacing={2}>
          <Alert severity="info">{apiErrorMessage(error, PROJECTION_MESSAGES.loadFailed)}</Alert>
          {code === 'PROJECTION_NEEDS_TESTS' ? (
            <NeedsTests isPremium={isPremium} testCount={testCount} />
          ) : (
            profileLink
          )}
        </Stack>
      );
    }
    return <Alert severity="error">{apiErrorMessage(error, PROJECTION_MESSAGES.loadFailed)}</Alert>;
  }
  const gap = targetGapSentence(data.predictedScore, targetScore);
  return (
    <Stack spacing={1}>
      <Typography variant="h6" component="p">
        {projectionSentence(data)}
      </Typography>
      {gap ? (
        <Typography>{gap}</Typography>
      ) : (
        <Typography color="text.secondary">{PROJECTION_MESSAGES.noTarget}</Typography>
      )}
      <Typography variant="body2" color="text.secondary">
        How it is made: {PROJECTION_MESSAGES.method}
      </Typography>
    </Stack>
  );
}

export function ProjectionCard({ plannedTestingDate, ...rest }: ProjectionCardProps) {
  return (
    <Box sx={{ mb: 3 }}>
      <SectionCard title={PROJECTION_TITLE}>
        {plannedTestingDate ? (
          <Projection plannedTestingDate={plannedTestingDate} {...rest} />
        ) : (
          <Stack spacing={2}>
            <Typography>{PROJECTION_MESSAGES.needsDate}</Typography>
            {profileLink}
          </Stack>
        )}
      </SectionCard>
    </Box>
  );
}
