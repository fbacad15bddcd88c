import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import { RouterLink } from '../../../components/router-link';
import { SectionCard } from '../../../components/section-card';

const TIPS = [
  {
    to: '/guide',
    title: 'Check the Guide',
    text: 'See how many practice tests to take and where to find them.',
  },
  {
    to: '/questions',
    title: 'Track Missed Questions',
    text: 'Record why you missed each question and what to study.',
  },
  {
    to: '/tests',
    title: 'Analyze Test Performance',
    text: 'Compare your section scores across tests.',
  },
  {
    to: '/profile',
    title: 'Update Your Profile',
    text: 'Set your planned MCAT date to start the countdown.',
  },
] as const;

export function QuickTipsCard() {
  return (
    <SectionCard title="Quick Tips">
      <List disablePadding>
        {TIPS.map((tip) => (
          <ListItem key={tip.to} disableGutters>
            <ListItemText
              primary={
                <Link component={RouterLink} to={tip.to} sx={{ fontWeight: 600 }}>
                  {tip.title}
                </Link>
              }
              secondary={tip.text}
            />
          </ListItem>
        ))}
      </List>
    </SectionCard>
  );
}
