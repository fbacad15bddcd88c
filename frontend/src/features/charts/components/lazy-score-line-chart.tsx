/**
 * A score chart's canvas as pages show it: chart.js is the largest chunk of the app, so it is
 * fetched only once the page around the charts has painted, never on the way to the page's first
 * content, and a page's charts are created one per task. Until then a spinner fills the chart's box.
 */
import { LoadingSpinner } from '../../../components/loading-spinner';
import { useComponentAfterPaint } from '../../../lib/use-component-after-paint';
import type { ScoreLineChartProps } from './score-line-chart';

const loadScoreLineChart = () => import('./score-line-chart').then((m) => m.ScoreLineChart);

export function LazyScoreLineChart(props: ScoreLineChartProps) {
  const ScoreLineChart = useComponentAfterPaint(loadScoreLineChart);
  if (!ScoreLineChart) return <LoadingSpinner label="Loading chart..." />;
  return <ScoreLineChart {...props} />;
}
