import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { RouterLink } from '../../../components/router-link';
import { SectionCard } from '../../../components/section-card';

/** The dashboard's way to the insights page. */
export function InsightsCard() {
  return (
    <Stack sx={{ mb: 3 }}>
      <SectionCard title="Insights">
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Typography color="text.secondary">
            See which sections, mistake types and topics cost you the most, and how that changes
            from test to test.
          </Typography>
          <Button variant="outlined" component={RouterLink} to="/insights">
            View Insights
          </Button>
        </Stack>
      </SectionCard>
    </Stack>
  );
}
