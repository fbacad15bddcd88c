/** The footer: donation link, About the Dev Team, support contact and the copyright line. */
import { Link as RouterDomLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

export interface FooterProps {
  brandName: string;
  supportEmail: string;
  donationUrl: string;
}

export function Footer({ brandName, supportEmail, donationUrl }: FooterProps) {
  const year = new Date().getFullYear();
  return (
    <Box
      component="footer"
      sx={{ mt: 'auto', py: 3, borderTop: 1, borderColor: 'divider', bgcolor: 'background.paper' }}
    >
      <Container maxWidth="lg">
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={{ xs: 1, sm: 3 }}
          sx={{ alignItems: { xs: 'flex-start', sm: 'center' }, mb: 1 }}
        >
          <Link href={donationUrl} target="_blank" rel="noopener noreferrer">
            Buy Me a Coffee
          </Link>
          <Link component={RouterDomLink} to="/about">
            About the Dev Team
          </Link>
          <Typography variant="body2">Support: {supportEmail}</Typography>
        </Stack>
        <Typography variant="body2" color="text.secondary">
          © {year} {brandName}. All rights reserved.
        </Typography>
      </Container>
    </Box>
  );
}
