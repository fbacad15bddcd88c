/**
 * What the insights page shows once the report is in: the findings in plain sentences, mistake
 * types per test (stacked bars, with their table), sections × mistake types (a shaded table) and
 * the most-missed topics with their trend; or, without questions, what to do first.
 */
import { useMemo } from 'react';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { RouterLink } from '../../../components/router-link';
import { SectionCard } from '../../../components/section-card';
import { NARROW_SCREEN_MEDIA } from '../../../lib/use-narrow-screen';
import type { InsightsReport } from '../api/insights-api';
import { overTimeSeries } from '../utils/chart-series';
import { findings } from '../utils/findings';
import { LazyMistakeTypeBarChart } from './lazy-mistake-type-bar-chart';
import { OverTimeTable } from './over-time-table';
import { SectionTypeTable } from './section-type-table';
import { TopTopicsTable } from './top-topics-table';

const chartBox = {
  height: 360,
  [NARROW_SCREEN_MEDIA]: { height: 420 },
} as const;

export function InsightsEmpty() {
  return (
    <SectionCard title="No missed questions yet">
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Typography>
          Insights appear once you log the questions you missed. Add a practice test, then log each
          question you got wrong with its section, mistake type and topic tags.
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <Button variant="contained" component={RouterLink} to="/tests/new">
            Add a Test
          </Button>
          <Button variant="outlined" component={RouterLink} to="/tests">
            Log Questions from Your Tests
          </Button>
        </Stack>
      </Stack>
    </SectionCard>
  );
}

interface InsightsViewProps {
  report: InsightsReport;
  /** The section the page is narrowed to, if any. */
  section?: string;
}

export function InsightsView({ report, section }: InsightsViewProps) {
  const { insights, sectionTypes, topTags } = report;
  const sentences = useMemo(() => findings(insights, topTags), [insights, topTags]);
  const series = useMemo(() => overTimeSeries(insights), [insights]);
  const total = insights.bySection.reduce((sum, s) => sum + s.count, 0);
  if (total === 0 && section) {
    return (
      <Typography sx={{ py: 2 }}>
        No missed questions in {section} yet. Choose All Sections to see the others.
      </Typography>
    );
  }
  if (total === 0) return <InsightsEmpty />;
  const testCount = insights.overTime.length;

  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <SectionCard title="What stands out">
        <Box component="ul" sx={{ m: 0, pl: 3, display: 'grid', gap: 1 }}>
          {sentences.map((sentence) => (
            <Typography component="li" key={sentence}>
              {sentence}
            </Typography>
          ))}
        </Box>
      </SectionCard>

      <SectionCard title="Mistake types per test">
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          Each bar is a test, oldest first, split by the mistake types of the questions you missed
          on it.
        </Typography>
        <Box sx={chartBox}>
          <LazyMistakeTypeBarChart
            data={series}
            ariaLabel={`Stacked bar chart of mistake types over ${testCount} ${testCount === 1 ? 'test' : 'tests'}; the table below has the same numbers`}
          />
        </Box>
        <Accordion disableGutters variant="outlined" sx={{ mt: 2 }}>
          <AccordionSummary expandIcon={<ExpandMoreIcon />}>
            <Typography>Show the chart as a table</Typography>
          </AccordionSummary>
          <AccordionDetails>
            <OverTimeTable data={series} caption="Missed questions per test by mistake type" />
          </AccordionDetails>
        </Accordion>
      </SectionCard>

      <SectionCard title="Sections and mistake types">
        <SectionTypeTable
          bySection={insights.bySection}
          types={insights.byMistakeType.map((t) => t.mistakeType)}
          sectionTypes={sectionTypes}
        />
      </SectionCard>

      <SectionCard title="Most-missed topics">
        <TopTopicsTable tags={topTags} />
      </SectionCard>
    </Box>
  );
}
