import { DEMO_CHART_ANIMATION_MS } from '@mcat/contracts';
import { LandingPage } from '../../features/site-pages/components/landing-page';
import { ScoreCharts } from '../../features/charts/components/score-charts';
import { SAMPLE_TESTS } from '../../features/charts/utils/sample-tests';
import { usePublicConfig } from '../../features/site-config/config-api';
import { usePageTitle } from '../../lib/use-page-title';

export function LandingRoute() {
  const { brandName } = usePublicConfig();
  usePageTitle('Track your MCAT practice tests', brandName);
  return (
    <LandingPage
      brandName={brandName}
      demoCharts={<ScoreCharts tests={SAMPLE_TESTS} animationMs={DEMO_CHART_ANIMATION_MS} />}
    />
  );
}
