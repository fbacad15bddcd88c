/** The 404 page with links to the main places of the app. */
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ERRORS } from '@mcat/contracts';
import { PageContainer } from '../../../components/page-container';
import { RouterLink } from '../../../components/router-link';

const LINKS = [
  { to: '/', label: 'Home' },
  { to: '/tests', label: 'Tests' },
  { to: '/questions', label: 'Questions' },
  { to: '/guide', label: 'Guide' },
  { to: '/profile', label: 'Profile' },
] as const;

export function NotFoundPage() {
  return (
    <PageContainer maxWidth="sm">
      <Typography variant="h2" component="p" aria-hidden="true" sx={{ fontWeight: 700 }}>
        404
      </Typography>
      <Typography variant="h4" component="h1" gutterBottom>
        {ERRORS.pageNotFound}
      </Typography>
      <Typography sx={{ mb: 2 }}>The page you are looking for does not exist.</Typography>
      <Stack
        component="nav"
        aria-label="Helpful links"
        direction="row"
        spacing={2}
        useFlexGap
        sx={{ flexWrap: 'wrap' }}
      >
        {LINKS.map((link) => (
          <Link key={link.to} component={RouterLink} to={link.to}>
            {link.label}
          </Link>
        ))}
      </Stack>
    </PageContainer>
  );
}
