/**
 * /insights: what the student's missed questions add up to (docs/adr/0021-insights.md), from
 * `GET /api/questions/insights`.
 */
import { useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { INSIGHTS_MESSAGES, SECTIONS, type SectionName } from '@mcat/contracts';
import { LoadingSpinner } from '../../components/loading-spinner';
import { PageContainer } from '../../components/page-container';
import { useGetInsightsReportQuery } from '../../features/insights/api/insights-api';
import { InsightsView } from '../../features/insights/components/insights-view';
import { apiErrorMessage } from '../../lib/api-error';
import { usePageTitle } from '../../lib/use-page-title';

export function InsightsRoute() {
  usePageTitle('Insights');
  const [section, setSection] = useState<SectionName | ''>('');
  const report = useGetInsightsReportQuery(section ? { section } : {});

  let body: ReactNode;
  if (report.isLoading || (report.isFetching && (report.isError || !report.currentData)))
    body = <LoadingSpinner label="Loading your insights..." />;
  else if (report.isError || !report.currentData) {
    body = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void report.refetch()}>
            Retry
          </Button>
        }
      >
        {apiErrorMessage(report.error, INSIGHTS_MESSAGES.fetchFailed)}
      </Alert>
    );
  } else body = <InsightsView report={report.currentData} section={section || undefined} />;

  return (
    <PageContainer>
      <Typography variant="h4" component="h1" gutterBottom>
        Insights
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Where your missed questions come from, and how that changes from test to test.
      </Typography>
      <TextField
        select
        size="small"
        label="Section"
        value={section}
        onChange={(event) => setSection(event.target.value as SectionName | '')}
        slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
        sx={{ mb: 3, minWidth: { xs: '100%', sm: 320 } }}
      >
        <MenuItem value="">All Sections</MenuItem>
        {SECTIONS.map((option) => (
          <MenuItem key={option.key} value={option.name}>
            {option.name}
          </MenuItem>
        ))}
      </TextField>
      {body}
    </PageContainer>
  );
}
