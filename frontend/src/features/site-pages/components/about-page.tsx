/** The about page: who builds the product, the donation link and the support contact. */
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { PageContainer } from '../../../components/page-container';

interface AboutPageProps {
  brandName: string;
  supportEmail: string;
  donationUrl: string;
}

export function AboutPage({ brandName, supportEmail, donationUrl }: AboutPageProps) {
  return (
    <PageContainer maxWidth="md">
      <Typography variant="h4" component="h1" gutterBottom>
        About {brandName}
      </Typography>
      <Typography sx={{ mb: 2 }}>
        {brandName} is built by a small team who prepared for the MCAT themselves and wanted one
        place to log practice tests, review them section by section and learn from every missed
        question.
      </Typography>
      <Typography component="h2" variant="h5" gutterBottom>
        Support the project
      </Typography>
      <Typography sx={{ mb: 2 }}>
        If the app helps you, you can{' '}
        <Link href={donationUrl} target="_blank" rel="noopener noreferrer">
          Buy Me a Coffee
        </Link>
        .
      </Typography>
      <Typography component="h2" variant="h5" gutterBottom>
        Contact
      </Typography>
      <Typography sx={{ mb: 2 }}>Questions or problems? Write to us at {supportEmail}.</Typography>
    </PageContainer>
  );
}
