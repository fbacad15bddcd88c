/**
 * /dashboard: welcome, countdown, progress charts, recent tests, tips and the two modals. The
 * heading, countdown and buttons need only the signed-in user, so they show at once; the spinner
 * stands where the test list goes until it is fetched. What the list feeds renders after the
 * page's first paint even when the list is already there (its request starts with the page's
 * chunk, see route-pages.ts), so that rendering does not hold the heading back.
 *
 * Before the user is known, which only the build's prerender sees (a session with no user), the
 * page is its heading alone: the signed-in shell (app/prerendered-page.ts) that the browser paints,
 * with the stored name, before the app's scripts run. Everything else appears below it later, so
 * nothing painted moves.
 */
import { useDeferredValue, useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ERRORS, type Test } from '@mcat/contracts';
import { LoadingSpinner } from '../../components/loading-spinner';
import { PageContainer } from '../../components/page-container';
import { RouterLink } from '../../components/router-link';
import { selectCurrentUser } from '../../features/auth/session-slice';
import { ScoreCharts } from '../../features/charts/components/score-charts';
import { CountdownCard } from '../../features/dashboard/components/countdown-card';
import { PremiumSuccessModal } from '../../features/dashboard/components/premium-success-modal';
import { ProgressCard } from '../../features/dashboard/components/progress-card';
import { ProjectionCard } from '../../features/dashboard/components/projection-card';
import { QuickTipsCard } from '../../features/dashboard/components/quick-tips-card';
import { RecentTestsCard } from '../../features/dashboard/components/recent-tests-card';
import { WelcomeModal } from '../../features/dashboard/components/welcome-modal';
import { InsightsCard } from '../../features/insights/components/insights-card';
import { ReReviewCard } from '../../features/re-review/components/re-review-card';
import { usePublicConfig } from '../../features/site-config/config-api';
import { useGetTestsQuery } from '../../features/tests/api/tests-api';
import { usePageTitle } from '../../lib/use-page-title';
import { useAppSelector } from '../hooks';
import { STUDENT_FALLBACK_NAME, STUDENT_NAME_SLOT } from '../prerendered-page';

/** The page's largest text, so the one its first paint is measured by. */
function WelcomeHeading({ name }: { name: string }) {
  const slot = { [STUDENT_NAME_SLOT]: '' };
  return (
    <Typography variant="h4" component="h1" gutterBottom>
      Welcome, <span {...slot}>{name}</span>!
    </Typography>
  );
}

/** What the test list feeds: the error alert, the progress charts, recent tests and tips. */
function DashboardTests({
  tests,
  failed,
  targetScore,
}: {
  tests: readonly Test[];
  failed: boolean;
  targetScore: number | null;
}) {
  return (
    <>
      {failed ? (
        <Alert severity="error" sx={{ mb: 3 }}>
          {ERRORS.dashboardFetch}
        </Alert>
      ) : null}
      <Box sx={{ display: 'grid', gap: 3 }}>
        <ProgressCard
          testCount={tests.length}
          failed={failed}
          charts={<ScoreCharts tests={tests} targetScore={targetScore} />}
        />
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '2fr 1fr' } }}>
          <RecentTestsCard tests={tests} />
          <QuickTipsCard />
        </Box>
      </Box>
    </>
  );
}

export function DashboardRoute() {
  const user = useAppSelector(selectCurrentUser);
  const { brandName } = usePublicConfig();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const tests = useGetTestsQuery();
  const showTests = useDeferredValue(!tests.isLoading, false);
  const isPremium = user?.isPremium ?? false;
  const [welcomeOpen, setWelcomeOpen] = useState(
    searchParams.get('newUser') === 'true' && !isPremium,
  );
  // The welcome shows once: the address drops ?newUser once the page has read it, so a reload
  // or a bookmark does not bring the dialog back.
  useEffect(() => {
    if (!searchParams.has('newUser')) return;
    const rest = new URLSearchParams(searchParams);
    rest.delete('newUser');
    setSearchParams(rest, { replace: true });
  }, [searchParams, setSearchParams]);
  const thankYouOpen = searchParams.get('premiumSuccess') === 'true' && isPremium;
  usePageTitle('Dashboard', brandName);

  if (!user) {
    return (
      <PageContainer>
        <WelcomeHeading name={STUDENT_FALLBACK_NAME} />
      </PageContainer>
    );
  }
  return (
    <PageContainer>
      <WelcomeHeading name={user.name || STUDENT_FALLBACK_NAME} />
      {user.plannedTestingDate ? (
        <CountdownCard plannedTestingDate={user.plannedTestingDate} productName={brandName} />
      ) : null}
      <ProjectionCard
        plannedTestingDate={user.plannedTestingDate}
        targetScore={user.targetScore ?? null}
        isPremium={isPremium}
        testCount={tests.isLoading ? undefined : (tests.data?.length ?? null)}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 3 }}>
        <Button variant="contained" component={RouterLink} to="/tests/new">
          Add New Test
        </Button>
        <Button variant="outlined" component={RouterLink} to="/tests">
          View All Tests
        </Button>
      </Stack>
      <ReReviewCard />
      <InsightsCard />
      {!showTests ? (
        <LoadingSpinner label="Loading your dashboard..." />
      ) : (
        <>
          <DashboardTests
            tests={tests.data ?? []}
            failed={tests.isError}
            targetScore={user.targetScore ?? null}
          />
          <WelcomeModal
            open={welcomeOpen}
            productName={brandName}
            onMaybeLater={() => setWelcomeOpen(false)}
            onUpgrade={() => void navigate('/premium?checkout=true')}
          />
          <PremiumSuccessModal
            open={thankYouOpen}
            onClose={() => void navigate('/dashboard', { replace: true })}
          />
        </>
      )}
    </PageContainer>
  );
}
