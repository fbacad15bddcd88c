/**
 * Protected routes whose screens come with the next web-app issue (tests, review, questions,
 * premium, billing). Each shows its page title only.
 */
import Typography from '@mui/material/Typography';
import { PageContainer } from '../../components/page-container';
import { usePageTitle } from '../../lib/use-page-title';

function PageTitleOnly({ title }: { title: string }) {
  usePageTitle(title);
  return (
    <PageContainer>
      <Typography variant="h4" component="h1">
        {title}
      </Typography>
    </PageContainer>
  );
}

export const TestsRoute = () => <PageTitleOnly title="Your MCAT Tests" />;
export const NewTestRoute = () => <PageTitleOnly title="Add New Test" />;
export const TestDetailRoute = () => <PageTitleOnly title="Test Details" />;
export const EditTestRoute = () => <PageTitleOnly title="Edit Test" />;
export const ReviewRoute = () => <PageTitleOnly title="Review Test" />;
export const QuestionsRoute = () => <PageTitleOnly title="Missed Questions" />;
export const NewQuestionRoute = () => <PageTitleOnly title="Add Missed Question" />;
export const EditQuestionRoute = () => <PageTitleOnly title="Edit Missed Question" />;
export const PremiumRoute = () => <PageTitleOnly title="Upgrade to Premium" />;
export const BillingRoute = () => <PageTitleOnly title="Billing" />;
