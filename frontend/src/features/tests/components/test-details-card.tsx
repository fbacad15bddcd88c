import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { SECTIONS, type Test } from '@mcat/contracts';
import { SectionCard } from '../../../components/section-card';
import { formatTestDate } from '../../../lib/dates';

function Detail({ label, value }: { label: string; value: string | number }) {
  return (
    <Box>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="h6" sx={{ m: 0 }}>
        {value}
      </Typography>
    </Box>
  );
}

/** Date taken, source, date added, total and the four section scores. */
export function TestDetailsCard({ test, actions }: { test: Test; actions: React.ReactNode }) {
  return (
    <SectionCard title="Test Details" actions={actions}>
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gap: 2,
          m: 0,
          gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' },
        }}
      >
        <Detail label="Date Taken" value={formatTestDate(test.dateTaken)} />
        <Detail label="Source" value={test.source} />
        <Detail label="Date Added" value={new Date(test.createdAt).toLocaleDateString()} />
        <Detail label="Total Score" value={test.totalScore} />
        {SECTIONS.map((section) => (
          <Detail
            key={section.key}
            label={section.scoreLabel}
            value={test.subscores[section.key]}
          />
        ))}
      </Box>
    </SectionCard>
  );
}
