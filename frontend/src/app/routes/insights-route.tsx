/** /insights: what the student's missed questions add up to (docs/adr/0021-insights.md). */
import Typography from '@mui/material/Typography';
import { PageContainer } from '../../components/page-container';
import { InsightsExplorer } from '../../features/insights/components/insights-explorer';
import { usePageTitle } from '../../lib/use-page-title';

export function InsightsRoute() {
  usePageTitle('Insights');
  return (
    <PageContainer>
      <Typography variant="h4" component="h1" gutterBottom>
        Insights
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Where your missed questions come from, and how that changes from test to test.
      </Typography>
      <InsightsExplorer />
    </PageContainer>
  );
}
