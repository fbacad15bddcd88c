import type { ReactNode } from 'react';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

interface FormCardProps {
  title: string;
  children: ReactNode;
  /** Heading level of the title: pages use h1, sections of a page h2. */
  headingLevel?: 'h1' | 'h2';
}

/** A titled card holding one form. */
export function FormCard({ title, children, headingLevel = 'h1' }: FormCardProps) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 } }}>
      <Typography
        variant={headingLevel === 'h1' ? 'h4' : 'h5'}
        component={headingLevel}
        gutterBottom
      >
        {title}
      </Typography>
      {children}
    </Paper>
  );
}
