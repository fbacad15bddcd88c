/**
 * The score charts as pages show them: chart.js is the largest chunk of the app, so it is fetched
 * only once the page around the charts has painted, never on the way to the page's first content.
 */
import { lazy, Suspense } from 'react';
import { LoadingSpinner } from '../../../components/loading-spinner';
import { usePainted } from '../../../lib/use-painted';
import type { ScoreChartsProps } from './score-charts';

const ScoreCharts = lazy(() => import('./score-charts').then((m) => ({ default: m.ScoreCharts })));

export function LazyScoreCharts(props: ScoreChartsProps) {
  const painted = usePainted();
  const loading = <LoadingSpinner label="Loading charts..." />;
  if (!painted) return loading;
  return (
    <Suspense fallback={loading}>
      <ScoreCharts {...props} />
    </Suspense>
  );
}
