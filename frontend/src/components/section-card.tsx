import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

interface SectionCardProps {
  title: string;
  /** Buttons or links shown beside the title. */
  actions?: ReactNode;
  children: ReactNode;
}

/** A titled card of a page (h2), with optional actions on the title row. */
export function SectionCard({ title, actions, children }: SectionCardProps) {
  const headingId = `card-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={headingId}
      sx={{ p: { xs: 2, sm: 3 }, minWidth: 0 }}
    >
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          gap: 1,
          alignItems: 'center',
          justifyContent: 'space-between',
          mb: 2,
        }}
      >
        <Typography id={headingId} variant="h5" component="h2">
          {title}
        </Typography>
        {actions ? <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>{actions}</Box> : null}
      </Box>
      {children}
    </Paper>
  );
}
