/**
 * The two score charts of the dashboard and the landing demo: "MCAT Total Score" (472-528) and
 * "MCAT Section Scores" (118-132) with a toggle per section. Compact under 768 px.
 */
import { useMemo, useState } from 'react';
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
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import {
  NARROW_SCREEN_PX,
  SECTION_KEYS,
  SECTION_SCORE_MAX,
  SECTION_SCORE_MIN,
  SECTIONS,
  TOTAL_SCORE_MAX,
  TOTAL_SCORE_MIN,
  type SectionKey,
} from '@mcat/contracts';
import { sectionScoreSeries, totalScoreSeries, type ChartTest } from '../utils/chart-data';
import { seriesColor } from '../utils/chart-colors';

ChartJS.register(CategoryScale, LinearScale, PointElement, LineElement, Tooltip, Legend);

export const NO_CHART_DATA = 'No test data available to display.';

export interface ScoreChartsProps {
  tests: readonly ChartTest[];
  /** Duration of the drawing animation; the landing demo uses 2000 ms. */
  animationMs?: number;
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

export function ScoreCharts({ tests, animationMs = 1000 }: ScoreChartsProps) {
  const theme = useTheme();
  const darkMode = theme.palette.mode === 'dark';
  const narrow = useMediaQuery(`(max-width:${NARROW_SCREEN_PX - 0.05}px)`);
  const [visible, setVisible] = useState<readonly SectionKey[]>(SECTION_KEYS);

  const look: ChartLook = {
    narrow,
    textColor: theme.palette.text.primary,
    gridColor: theme.palette.divider,
    animationMs,
  };

  const total = useMemo(() => totalScoreSeries(tests, narrow), [tests, narrow]);
  const sections = useMemo(
    () => sectionScoreSeries(tests, visible, narrow),
    [tests, visible, narrow],
  );

  if (tests.length === 0) {
    return <Typography sx={{ py: 3 }}>{NO_CHART_DATA}</Typography>;
  }

  const totalColor = seriesColor('total', darkMode);
  const totalData: ChartData<'line'> = {
    labels: total.dates,
    datasets: [
      {
        label: 'Total Score',
        data: total.scores,
        borderColor: totalColor,
        backgroundColor: totalColor,
        tension: 0.2,
        datalabels: { display: displayFrom(total.labels), formatter: labelFrom(total.labels) },
      },
    ],
  };

  const sectionData: ChartData<'line'> = {
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

  const toggle = (key: SectionKey) =>
    setVisible((current) =>
      current.includes(key) ? current.filter((k) => k !== key) : [...current, key],
    );

  const chartHeight = narrow ? 280 : 360;

  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }}>
        <Typography variant="h6" component="h3">
          MCAT Total Score
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          Total scores range from {TOTAL_SCORE_MIN} to {TOTAL_SCORE_MAX}. Each point is labelled
          with the test it comes from.
        </Typography>
        <Box sx={{ height: chartHeight }}>
          <Line
            data={totalData}
            options={lineOptions(look, TOTAL_SCORE_MIN, TOTAL_SCORE_MAX)}
            plugins={[ChartDataLabels]}
            role="img"
            aria-label={`MCAT Total Score chart of ${tests.length} tests`}
          />
        </Box>
      </Paper>
      <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }}>
        <Typography variant="h6" component="h3">
          MCAT Section Scores
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          Section scores range from {SECTION_SCORE_MIN} to {SECTION_SCORE_MAX}. Use the checkboxes
          to show or hide a section; each test is labelled at its highest section.
        </Typography>
        <FormGroup row aria-label="Sections shown">
          {SECTIONS.map((section) => (
            <FormControlLabel
              key={section.key}
              control={
                <Checkbox
                  checked={visible.includes(section.key)}
                  onChange={() => toggle(section.key)}
                  sx={{ color: seriesColor(section.key, darkMode) }}
                />
              }
              label={section.scoreLabel}
            />
          ))}
        </FormGroup>
        <Box sx={{ height: chartHeight }}>
          <Line
            data={sectionData}
            options={lineOptions(look, SECTION_SCORE_MIN, SECTION_SCORE_MAX)}
            plugins={[ChartDataLabels]}
            role="img"
            aria-label={`MCAT Section Scores chart of ${tests.length} tests`}
          />
        </Box>
      </Paper>
    </Box>
  );
}
