/**
 * What the student's missed questions add up to (docs/adr/0021-insights.md), from
 * `GET /api/questions/insights`, for all sections or one.
 */
import { useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { INSIGHTS_MESSAGES, SECTIONS, type SectionName } from '@mcat/contracts';
import { LoadingSpinner } from '../../../components/loading-spinner';
import { apiErrorMessage } from '../../../lib/api-error';
import { useGetInsightsReportQuery } from '../api/insights-api';
import { InsightsView } from './insights-view';

/** The section filter and the report for it, with its loading and failed states. */
export function InsightsExplorer() {
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
    <>
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
    </>
  );
}
