/**
 * Mistake types per test as stacked bars, drawn by chart.js: loaded only once the page has painted
 * (lazy-mistake-type-bar-chart.tsx), inside a box the page rendered already.
 */
import { useMemo } from 'react';
import {
  BarElement,
  CategoryScale,
  Chart as ChartJS,
  Legend,
  LinearScale,
  Tooltip,
  type ChartData,
  type ChartOptions,
} from 'chart.js';
import { Bar } from 'react-chartjs-2';
import { useNarrowScreen } from '../../../lib/use-narrow-screen';
import { useTheme } from '@mui/material/styles';
import type { OverTimeSeries } from '../utils/chart-series';
import { mistakeTypeColor } from '../utils/colors';
import { mistakeTypeLabel } from '../utils/labels';

ChartJS.register(CategoryScale, LinearScale, BarElement, Tooltip, Legend);

export interface MistakeTypeBarChartProps {
  data: OverTimeSeries;
  ariaLabel: string;
}

export function MistakeTypeBarChart({ data, ariaLabel }: MistakeTypeBarChartProps) {
  const theme = useTheme();
  const narrow = useNarrowScreen();
  const chartData = useMemo<ChartData<'bar'>>(
    () => ({
      labels: data.labels,
      datasets: data.series.map(({ type, counts }) => ({
        label: mistakeTypeLabel(type),
        data: counts,
        backgroundColor: mistakeTypeColor(theme, type),
        borderColor: theme.palette.background.paper,
        borderWidth: 1,
      })),
    }),
    [data, theme],
  );
  const textColor = theme.palette.text.primary;
  const gridColor = theme.palette.divider;
  const options: ChartOptions<'bar'> = {
    responsive: true,
    maintainAspectRatio: false,
    scales: {
      x: {
        stacked: true,
        ticks: {
          color: textColor,
          maxRotation: narrow ? 90 : 30,
          autoSkip: true,
          // On a phone a bar is named by its test's source alone; the table has the dates.
          callback: (_value, index) =>
            narrow ? (data.sources[index] ?? '') : (data.labels[index] ?? ''),
        },
        grid: { color: gridColor },
      },
      y: {
        stacked: true,
        beginAtZero: true,
        ticks: { color: textColor, precision: 0 },
        grid: { color: gridColor },
        title: { display: !narrow, text: 'Missed questions', color: textColor },
      },
    },
    plugins: {
      legend: {
        position: narrow ? 'bottom' : 'top',
        labels: { color: textColor, boxWidth: narrow ? 12 : 30 },
      },
    },
  };
  return <Bar data={chartData} options={options} role="img" aria-label={ariaLabel} />;
}
