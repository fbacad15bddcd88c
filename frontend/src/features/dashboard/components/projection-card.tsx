/**
 * "Score Projection": the total the student's practice tests point to on the planned MCAT date,
 * with its range, the gap to the target score and the one-sentence method; the contracts' message
 * when there are too few tests (with the way to Premium for a free student, whose plan holds
 * fewer tests than a projection needs), and a way to the profile when there is no date. With the
 * test list loaded and too short, the server is not asked: its answer would be that 422, which the
 * browser logs as an error on every visit of a new student's dashboard.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  PLAN_LIMITS,
  PROJECTION_MESSAGES,
  PROJECTION_MIN_TESTS,
  projectionNeedsTests,
  type ErrorCode,
} from '@mcat/contracts';
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
  /**
   * How many tests the student has: undefined while the list loads (the card waits), null when it
   * could not be loaded (the server is asked). A free student at the plan's limit is not sent to
   * add one.
   */
  testCount: number | null | undefined;
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
  const canAdd = isPremium || testCount == null || testCount < PLAN_LIMITS.free.tests;
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
  const tooFew = testCount != null && testCount < PROJECTION_MIN_TESTS;
  const { data, error, isLoading } = useGetProjectionQuery(plannedTestingDate, {
    skip: testCount === undefined || tooFew,
  });
  if (tooFew) {
    return (
      <Stack spacing={2}>
        <Alert severity="info">{projectionNeedsTests(testCount)}</Alert>
        <NeedsTests isPremium={isPremium} testCount={testCount} />
      </Stack>
    );
  }
  if (testCount === undefined || isLoading) {
    return <LoadingSpinner label="Loading your projection..." />;
  }
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
