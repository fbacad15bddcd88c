/** Review status: progress, each section's check or cross, and the review actions. */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import CancelIcon from '@mui/icons-material/Cancel';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { PROGRESS_LABEL_MIN_PERCENT, SECTIONS, type Test } from '@mcat/contracts';
import { RouterLink } from '../../../components/router-link';
import { SectionCard } from '../../../components/section-card';
import { reviewProgressPercent, reviewStatus } from '../utils/review-status';

interface ReviewStatusCardProps {
  test: Test;
  busy: boolean;
  error: string | null;
  onMarkComplete: () => void;
  onReopen: () => void;
}

export function ReviewStatusCard({
  test,
  busy,
  error,
  onMarkComplete,
  onReopen,
}: ReviewStatusCardProps) {
  const status = reviewStatus(test.review);
  const percent = reviewProgressPercent(test.review);
  return (
    <SectionCard title="Review Status">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2 }}>
        <LinearProgress
          variant="determinate"
          value={percent}
          aria-label="Review progress"
          sx={{ flexGrow: 1, height: 10, borderRadius: 5 }}
        />
        {percent > PROGRESS_LABEL_MIN_PERCENT ? (
          <Typography data-testid="review-progress-label">{Math.round(percent)}%</Typography>
        ) : null}
      </Box>
      <List dense aria-label="Sections reviewed">
        {SECTIONS.map((section) => {
          const reviewed = test.review.sectionsReviewed[section.key];
          return (
            <ListItem key={section.key}>
              <ListItemIcon>
                {reviewed ? (
                  <CheckCircleIcon color="success" titleAccess="Reviewed" />
                ) : (
                  <CancelIcon color="error" titleAccess="Not reviewed" />
                )}
              </ListItemIcon>
              <ListItemText primary={section.name} />
            </ListItem>
          );
        })}
      </List>
      {error ? (
        <Typography color="error" role="alert">
          {error}
        </Typography>
      ) : null}
      {status === 'complete' ? (
        <Link component="button" type="button" onClick={onReopen} disabled={busy}>
          Reopen Review
        </Link>
      ) : (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          <Button variant="contained" component={RouterLink} to={`/tests/${test._id}/review`}>
            {status === 'not started' ? 'Start Review' : 'Continue Review'}
          </Button>
          <Button variant="outlined" onClick={onMarkComplete} disabled={busy}>
            Mark Complete
          </Button>
        </Box>
      )}
    </SectionCard>
  );
}
