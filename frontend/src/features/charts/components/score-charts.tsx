/**
 * The two score charts of the dashboard and the landing demo: "MCAT Total Score" (472-528) and
 * "MCAT Section Scores" (118-132) with a toggle per section. Headings, captions, toggles and each
 * chart's box (its height by CSS: 280 px under 768 px, else 360) render with the page, also in the
 * build's prerendered landing page (the toggles disabled until React runs it); the canvases arrive
 * after the page has painted, inside their boxes, so nothing moves when they do.
 */
import { useState } from 'react';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import {
  SECTION_KEYS,
  SECTION_SCORE_MAX,
  SECTION_SCORE_MIN,
  SECTIONS,
  TOTAL_SCORE_MAX,
  TOTAL_SCORE_MIN,
  type SectionKey,
} from '@mcat/contracts';
import type { ChartTest } from '../utils/chart-data';
import { seriesColor } from '../utils/chart-colors';
import { useHydrated } from '../../../lib/use-hydrated';
import { NARROW_SCREEN_MEDIA } from '../../../lib/use-narrow-screen';
import { LazyScoreLineChart } from './lazy-score-line-chart';
import { TotalScoreTable } from './total-score-table';

export const NO_CHART_DATA = 'No test data available to display.';

export interface ScoreChartsProps {
  tests: readonly ChartTest[];
  /** Duration of the drawing animation; the landing demo uses 2000 ms. */
  animationMs?: number;
  /** The student's target total: a dashed line on the total chart and a column of its table. */
  targetScore?: number | null;
}

const chartBox = {
  height: 360,
  [NARROW_SCREEN_MEDIA]: { height: 280 },
} as const;

export function ScoreCharts({ tests, animationMs = 1000, targetScore = null }: ScoreChartsProps) {
  const darkMode = useTheme().palette.mode === 'dark';
  const [visible, setVisible] = useState<readonly SectionKey[]>(SECTION_KEYS);
  // In the prerendered landing page a click before React runs would flip the box and then be
  // undone by hydration: the toggles wait for the app, like the forms' submit buttons.
  const hydrated = useHydrated();

  if (tests.length === 0) {
    return <Typography sx={{ py: 3 }}>{NO_CHART_DATA}</Typography>;
  }

  const toggle = (key: SectionKey) =>
    setVisible((current) =>
      current.includes(key) ? current.filter((k) => k !== key) : [...current, key],
    );

  /** What both charts draw, and how fast. */
  const drawn = { tests, visible, animationMs };

  return (
    // minmax(0, 1fr): a wide table scrolls inside its card instead of widening the page.
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 3 }}>
      <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }}>
        <Typography variant="h6" component="h3">
          MCAT Total Score
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          Total scores range from {TOTAL_SCORE_MIN} to {TOTAL_SCORE_MAX}. Each point is labelled
          with the test it comes from.
          {targetScore === null ? '' : ` The dashed line is your target score of ${targetScore}.`}
        </Typography>
        <Box sx={chartBox}>
          <LazyScoreLineChart
            chart="total"
            {...drawn}
            targetScore={targetScore}
            ariaLabel={`MCAT Total Score chart of ${tests.length} tests${
              targetScore === null ? '' : `, with your target score of ${targetScore}`
            }`}
          />
        </Box>
        <TotalScoreTable tests={tests} targetScore={targetScore} />
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
                  disabled={!hydrated}
                  onChange={() => toggle(section.key)}
                  sx={{ color: seriesColor(section.key, darkMode) }}
                />
              }
              label={section.scoreLabel}
            />
          ))}
        </FormGroup>
        <Box sx={chartBox}>
          <LazyScoreLineChart
            chart="sections"
            {...drawn}
            ariaLabel={`MCAT Section Scores chart of ${tests.length} tests`}
          />
        </Box>
      </Paper>
    </Box>
  );
}
