/**
 * A score chart's canvas as pages show it: chart.js is the largest chunk of the app, so it is
 * fetched only once the page around the charts has painted, never on the way to the page's first
 * content. Until then a spinner fills the chart's box.
 */
import { lazy, Suspense } from 'react';
import { LoadingSpinner } from '../../../components/loading-spinner';
import { usePainted } from '../../../lib/use-painted';
import type { ScoreLineChartProps } from './score-line-chart';

const ScoreLineChart = lazy(() =>
  import('./score-line-chart').then((m) => ({ default: m.ScoreLineChart })),
);

export function LazyScoreLineChart(props: ScoreLineChartProps) {
  const painted = usePainted();
  const loading = <LoadingSpinner label="Loading chart..." />;
  if (!painted) return loading;
  return (
    <Suspense fallback={loading}>
      <ScoreLineChart {...props} />
    </Suspense>
  );
}
