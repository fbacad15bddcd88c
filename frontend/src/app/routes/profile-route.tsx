import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { REVIEW_REMINDER_TEXTS } from '@mcat/contracts';
import { FormCard } from '../../components/form-card';
import { PageContainer } from '../../components/page-container';
import { AccountDataCard } from '../../features/account-data/components/account-data-card';
import { ChangePasswordForm } from '../../features/auth/components/change-password-form';
import { ProfileForm } from '../../features/auth/components/profile-form';
import { ReviewRemindersForm } from '../../features/auth/components/review-reminders-form';
import { selectCurrentUser } from '../../features/auth/session-slice';
import { usePageTitle } from '../../lib/use-page-title';
import { useAppSelector } from '../hooks';

export function ProfileRoute() {
  const user = useAppSelector(selectCurrentUser);
  usePageTitle('Profile');
  if (!user) return null;
  return (
    <PageContainer>
      <Typography variant="h4" component="h1" gutterBottom>
        Your Profile
      </Typography>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        <FormCard title="Profile Information" headingLevel="h2">
          <ProfileForm user={user} />
        </FormCard>
        <FormCard title="Change Password" headingLevel="h2">
          <ChangePasswordForm />
        </FormCard>
        <FormCard title={REVIEW_REMINDER_TEXTS.title} headingLevel="h2">
          <ReviewRemindersForm user={user} />
        </FormCard>
        <AccountDataCard user={user} />
      </Box>
    </PageContainer>
  );
}
