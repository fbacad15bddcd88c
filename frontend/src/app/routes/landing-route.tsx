import { lazy, Suspense } from 'react';
import { DEMO_CHART_ANIMATION_MS } from '@mcat/contracts';
import { LoadingSpinner } from '../../components/loading-spinner';
import { LandingPage } from '../../features/site-pages/components/landing-page';
import { SAMPLE_TESTS } from '../../features/charts/utils/sample-tests';
import { usePublicConfig } from '../../features/site-config/config-api';
import { usePageTitle } from '../../lib/use-page-title';

const ScoreCharts = lazy(() =>
  import('../../features/charts/components/score-charts').then((m) => ({
    default: m.ScoreCharts,
  })),
);

export function LandingRoute() {
  const { brandName } = usePublicConfig();
  usePageTitle('Track your MCAT practice tests', brandName);
  return (
    <LandingPage
      brandName={brandName}
      demoCharts={
        <Suspense fallback={<LoadingSpinner label="Loading charts..." />}>
          <ScoreCharts tests={SAMPLE_TESTS} animationMs={DEMO_CHART_ANIMATION_MS} />
        </Suspense>
      }
    />
  );
}
