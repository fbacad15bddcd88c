import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { ERRORS } from '@mcat/contracts';
import { PageContainer } from '../../components/page-container';
import { RouterLink } from '../../components/router-link';

/** "Test Not Found" or "Question Not Found", with a way back. */
export function NotFoundMessage({
  what,
  backTo,
  backLabel,
}: {
  what: 'test' | 'question';
  backTo: string;
  backLabel: string;
}) {
  return (
    <PageContainer maxWidth="sm">
      <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
        <Typography variant="h4" component="h1" gutterBottom>
          {what === 'test' ? ERRORS.testNotFound : ERRORS.questionNotFound}
        </Typography>
        <Typography sx={{ mb: 3 }}>It may have been deleted, or the link is not right.</Typography>
        <Button variant="contained" component={RouterLink} to={backTo}>
          {backLabel}
        </Button>
      </Paper>
    </PageContainer>
  );
}
