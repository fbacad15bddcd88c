import type { ReactNode } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { RouterLink } from '../../../components/router-link';
import { SectionCard } from '../../../components/section-card';

interface ProgressCardProps {
  testCount: number;
  failed: boolean;
  charts: ReactNode;
}

/** "Your Progress": the score charts, or the first-test prompt when there are no tests. */
export function ProgressCard({ testCount, failed, charts }: ProgressCardProps) {
  let content: ReactNode = charts;
  if (failed) content = null;
  else if (testCount === 0) {
    content = (
      <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
        <Typography>You haven&apos;t added any full-length tests yet.</Typography>
        <Typography color="text.secondary">
          Start tracking your progress by adding your first test score!
        </Typography>
        <Button variant="contained" component={RouterLink} to="/tests/new">
          Add Your First Test
        </Button>
      </Stack>
    );
  }
  return <SectionCard title="Your Progress">{content}</SectionCard>;
}
