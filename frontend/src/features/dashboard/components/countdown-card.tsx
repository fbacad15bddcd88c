import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { formatCalendarDate } from '../../../lib/dates';
import { countdownMessage, daysUntil } from '../utils/countdown';

interface CountdownCardProps {
  plannedTestingDate: string;
  productName: string;
}

/** Days left until the planned MCAT date, and that date in the reader's local format. */
export function CountdownCard({ plannedTestingDate, productName }: CountdownCardProps) {
  const days = daysUntil(plannedTestingDate, new Date());
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label="MCAT countdown"
      sx={{ p: 2, mb: 3, borderLeft: 6, borderLeftColor: 'secondary.main' }}
    >
      <Typography variant="h6" component="p">
        {countdownMessage(days, productName)}
      </Typography>
      <Typography color="text.secondary">
        Test Date: {formatCalendarDate(plannedTestingDate)}
      </Typography>
    </Paper>
  );
}
