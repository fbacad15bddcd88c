/** The stacked bars as the page shows them: chart.js is fetched once the page has painted. */
import { LoadingSpinner } from '../../../components/loading-spinner';
import { useComponentAfterPaint } from '../../../lib/use-component-after-paint';
import type { MistakeTypeBarChartProps } from './mistake-type-bar-chart';

const loadMistakeTypeBarChart = () =>
  import('./mistake-type-bar-chart').then((m) => m.MistakeTypeBarChart);

export function LazyMistakeTypeBarChart(props: MistakeTypeBarChartProps) {
  const MistakeTypeBarChart = useComponentAfterPaint(loadMistakeTypeBarChart);
  if (!MistakeTypeBarChart) return <LoadingSpinner label="Loading chart..." />;
  return <MistakeTypeBarChart {...props} />;
}
