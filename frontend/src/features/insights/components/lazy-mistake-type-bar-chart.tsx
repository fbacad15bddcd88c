/** The stacked bars as the page shows them: chart.js is fetched once the page has painted. */
import { lazy, Suspense } from 'react';
import { LoadingSpinner } from '../../../components/loading-spinner';
import { usePainted } from '../../../lib/use-painted';
import type { MistakeTypeBarChartProps } from './mistake-type-bar-chart';

const MistakeTypeBarChart = lazy(() =>
  import('./mistake-type-bar-chart').then((m) => ({ default: m.MistakeTypeBarChart })),
);

export function LazyMistakeTypeBarChart(props: MistakeTypeBarChartProps) {
  const painted = usePainted();
  const loading = <LoadingSpinner label="Loading chart..." />;
  if (!painted) return loading;
  return (
    <Suspense fallback={loading}>
      <MistakeTypeBarChart {...props} />
    </Suspense>
  );
}
