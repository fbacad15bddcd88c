import type { ReactNode } from 'react';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

interface DashboardCardProps {
  title: string;
  children: ReactNode;
}

/** A titled section of the dashboard. */
export function DashboardCard({ title, children }: DashboardCardProps) {
  const headingId = `card-${title.toLowerCase().replace(/\s+/g, '-')}`;
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={headingId}
      sx={{ p: { xs: 2, sm: 3 }, minWidth: 0 }}
    >
      <Typography id={headingId} variant="h5" component="h2" gutterBottom>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}
