/**
 * A score chart's canvas as pages show it: chart.js is the largest chunk of the app, so it is
 * fetched only once the page around the charts has painted and the chart's box has come near the
 * screen (on a phone both pages' charts are below the fold), never on the way to the page's first
 * content, and a page's charts are created one per task. Until then a spinner fills the box.
 */
import { useRef } from 'react';
import Box from '@mui/material/Box';
import { LoadingSpinner } from '../../../components/loading-spinner';
import { useComponentAfterPaint } from '../../../lib/use-component-after-paint';
import { useNearViewport } from '../../../lib/use-near-viewport';
import type { ScoreLineChartProps } from './score-line-chart';

const loadScoreLineChart = () => import('./score-line-chart').then((m) => m.ScoreLineChart);

export function LazyScoreLineChart(props: ScoreLineChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const ScoreLineChart = useComponentAfterPaint(loadScoreLineChart, useNearViewport(box));
  return (
    <Box ref={box} sx={{ height: '100%' }}>
      {ScoreLineChart ? <ScoreLineChart {...props} /> : <LoadingSpinner label="Loading chart..." />}
    </Box>
  );
}
