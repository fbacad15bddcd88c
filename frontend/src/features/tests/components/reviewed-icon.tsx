import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import PendingIcon from '@mui/icons-material/Pending';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import type { Test } from '@mcat/contracts';
import { reviewStatus } from '../utils/review-status';

const TITLES = {
  complete: 'Review complete',
  'in progress': 'Review in progress',
  'not started': 'Review not started',
} as const;

/** The Reviewed column: complete, in-progress or not-started icon, named for screen readers. */
export function ReviewedIcon({ review }: { review: Test['review'] }) {
  const status = reviewStatus(review);
  const title = TITLES[status];
  if (status === 'complete') return <CheckCircleIcon color="success" titleAccess={title} />;
  if (status === 'in progress') return <PendingIcon color="warning" titleAccess={title} />;
  return <RadioButtonUncheckedIcon color="action" titleAccess={title} />;
}
