/** /re-review: the spaced re-review of missed questions, one due question at a time. */
import Typography from '@mui/material/Typography';
import { PageContainer } from '../../components/page-container';
import { DueQuestionsReview } from '../../features/re-review/components/due-questions-review';
import { usePageTitle } from '../../lib/use-page-title';

export function ReReviewRoute() {
  usePageTitle('Re-review');
  return (
    <PageContainer maxWidth="md">
      <Typography variant="h4" component="h1" gutterBottom>
        Re-review missed questions
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Questions come back on a spaced schedule (FSRS): the better you remember one, the longer
        until it returns.
      </Typography>
      <DueQuestionsReview />
    </PageContainer>
  );
}
