/**
 * One score chart's canvas, drawn by chart.js: the largest chunk of the app, so this module is
 * loaded only once the page around the charts has painted (lazy-score-line-chart.tsx), inside a
 * box of the chart's height that the page rendered already (score-charts.tsx).
 */
import { useMemo } from 'react';
import {
  CategoryScale,
  Chart as ChartJS,
  Legend,
  LinearScale,
  LineElement,
  PointElement,
  Tooltip,
  type ChartData,
  type ChartOptions,
} from 'chart.js';
import ChartDataLabels from 'chartjs-plugin-datalabels';
import { Line } from 'react-chartjs-2';
import { useNarrowScreen } from '../../../lib/use-narrow-screen';
import { useTheme } from '@mui/material/styles';
import {
  SECTION_SCORE_MAX,
  SECTION_SCORE_MIN,
  TOTAL_SCORE_MAX,
  TOTAL_SCORE_MIN,
  type SectionKey,
} from '@mcat/contracts';
import {
  sectionScoreSeries,
  targetLegend,
  totalScoreSeries,
  type ChartTest,
} from '../utils/chart-data';
import { seriesColor } from '../utils/chart-colors';

ChartJS.register(CategoryScale, LinearScale, PointElement, LineElement, Tooltip, Legend);

export interface ScoreLineChartProps {
  /** The total score, or the sections shown in `visible`. */
  chart: 'total' | 'sections';
  tests: readonly ChartTest[];
  visible: readonly SectionKey[];
  animationMs: number;
  ariaLabel: string;
  /** The total chart draws it as a dashed horizontal line with its own legend entry. */
  targetScore?: number | null;
}

interface ChartLook {
  narrow: boolean;
  textColor: string;
  gridColor: string;
  animationMs: number;
}

/** Labels sit above their point; at the two ends they lean inwards so they stay readable. */
const edgeAwareAlign = (context: { dataIndex: number; dataset: { data: unknown[] } }): number => {
  if (context.dataIndex === 0) return -45;
  if (context.dataIndex === context.dataset.data.length - 1) return -135;
  return -90;
};

const lineOptions = (look: ChartLook, min: number, max: number): ChartOptions<'line'> => ({
  responsive: true,
  maintainAspectRatio: false,
  animation: { duration: look.animationMs },
  layout: { padding: { top: 24, left: 8, right: 24 } },
  scales: {
    x: {
      ticks: { color: look.textColor, maxTicksLimit: look.narrow ? 3 : 10, maxRotation: 0 },
      grid: { color: look.gridColor },
    },
    y: {
      min,
      max,
      ticks: { color: look.textColor, maxTicksLimit: look.narrow ? 5 : 9 },
      grid: { color: look.gridColor },
    },
  },
  plugins: {
    legend: {
      position: look.narrow ? 'bottom' : 'top',
      labels: { color: look.textColor, boxWidth: look.narrow ? 12 : 40 },
      onClick: () => undefined,
    },
    datalabels: {
      align: edgeAwareAlign,
      anchor: 'end',
      clamp: true,
      color: look.textColor,
      font: { size: look.narrow ? 10 : 11, weight: 'bold' },
    },
  },
});

const labelFrom =
  (labels: readonly (string | null)[]) =>
  (_value: unknown, context: { dataIndex: number }): string =>
    labels[context.dataIndex] ?? '';

const displayFrom =
  (labels: readonly (string | null)[]) =>
  (context: { dataIndex: number }): boolean =>
    labels[context.dataIndex] !== null;

interface TargetLine {
  score: number | null;
  color: string;
}

const totalChartData = (
  tests: readonly ChartTest[],
  narrow: boolean,
  darkMode: boolean,
  target: TargetLine,
): ChartData<'line'> => {
  const total = totalScoreSeries(tests, narrow);
  const color = seriesColor('total', darkMode);
  const { score } = target;
  return {
    labels: total.dates,
    datasets: [
      {
        label: 'Total Score',
        data: total.scores,
        borderColor: color,
        backgroundColor: color,
        tension: 0.2,
        datalabels: { display: displayFrom(total.labels), formatter: labelFrom(total.labels) },
      },
      ...(score === null
        ? []
        : [
            {
              label: targetLegend(score),
              data: total.dates.map(() => score),
              borderColor: target.color,
              backgroundColor: target.color,
              borderDash: [6, 4],
              borderWidth: 2,
              pointRadius: 0,
              pointHoverRadius: 0,
              datalabels: { display: false },
            },
          ]),
    ],
  };
};

const sectionChartData = (
  tests: readonly ChartTest[],
  visible: readonly SectionKey[],
  narrow: boolean,
  darkMode: boolean,
): ChartData<'line'> => {
  const sections = sectionScoreSeries(tests, visible, narrow);
  return {
    labels: sections.dates,
    datasets: sections.sections.map((series) => {
      const color = seriesColor(series.key, darkMode);
      return {
        label: series.name,
        data: series.scores,
        borderColor: color,
        backgroundColor: color,
        tension: 0.2,
        datalabels: { display: displayFrom(series.labels), formatter: labelFrom(series.labels) },
      };
    }),
  };
};

export function ScoreLineChart({
  chart,
  tests,
  visible,
  animationMs,
  ariaLabel,
  targetScore = null,
}: ScoreLineChartProps) {
  const theme = useTheme();
  const darkMode = theme.palette.mode === 'dark';
  const narrow = useNarrowScreen();
  const look: ChartLook = {
    narrow,
    textColor: theme.palette.text.primary,
    gridColor: theme.palette.divider,
    animationMs,
  };
  const targetColor = theme.palette.text.secondary;
  const data = useMemo(
    () =>
      chart === 'total'
        ? totalChartData(tests, narrow, darkMode, { score: targetScore, color: targetColor })
        : sectionChartData(tests, visible, narrow, darkMode),
    [chart, tests, visible, narrow, darkMode, targetScore, targetColor],
  );
  const options =
    chart === 'total'
      ? lineOptions(look, TOTAL_SCORE_MIN, TOTAL_SCORE_MAX)
      : lineOptions(look, SECTION_SCORE_MIN, SECTION_SCORE_MAX);
  return (
    <Line
      data={data}
      options={options}
      plugins={[ChartDataLabels]}
      role="img"
      aria-label={ariaLabel}
    />
  );
}
