/** The landing page: hero, the demo charts, features, testimonials and a call to register. */
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { RouterLink } from '../../../components/router-link';
import { PageContainer } from '../../../components/page-container';

/** The features' and the testimonials' cards: one column on a phone, three from md up. */
const CARD_GRID_SX = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' },
};

const FEATURES = [
  {
    title: 'Score charts',
    text: 'See your total and section scores over time and spot the sections that hold you back.',
  },
  {
    title: 'Missed-question analysis',
    text: 'Record every missed question with why you missed it, its topics and whether you made an Anki card.',
  },
  {
    title: 'Replace your spreadsheets',
    text: 'Log full-length tests in one place, review them section by section, and import or export Excel files.',
  },
] as const;

const TESTIMONIALS = [
  {
    quote: 'Seeing my section scores on one chart showed me that CARS was the gap. I closed it.',
    author: 'Priya, 517',
  },
  {
    quote: 'Reviewing every full-length section by section turned my mistakes into a study plan.',
    author: 'Marcus, 512',
  },
  {
    quote: 'I dropped my messy spreadsheet on day one. Everything I need is in one place.',
    author: 'Elena, 515',
  },
] as const;

interface LandingPageProps {
  brandName: string;
  demoCharts: ReactNode;
}

export function LandingPage({ brandName, demoCharts }: LandingPageProps) {
  return (
    <>
      <Box component="section" sx={{ bgcolor: 'background.paper', py: { xs: 6, md: 10 } }}>
        <PageContainer maxWidth="md">
          <Typography variant="h3" component="h1" gutterBottom sx={{ fontWeight: 700 }}>
            Track your MCAT practice and watch your score climb
          </Typography>
          <Typography variant="h6" component="p" color="text.secondary" sx={{ mb: 4 }}>
            {brandName} charts your practice-test scores, analyses the questions you miss and
            replaces the spreadsheets you keep today.
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <Button variant="contained" size="large" component={RouterLink} to="/register">
              Register Now
            </Button>
            <Button variant="outlined" size="large" component={RouterLink} to="/login">
              Login
            </Button>
          </Stack>
        </PageContainer>
      </Box>

      <PageContainer>
        <Box component="section" aria-labelledby="demo-heading" sx={{ mb: 6 }}>
          <Typography id="demo-heading" variant="h4" component="h2" gutterBottom>
            See your progress at a glance
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            Sample data: five practice tests from December 2024 to March 2025.
          </Typography>
          {demoCharts}
        </Box>

        <Box component="section" aria-labelledby="features-heading" sx={{ mb: 6 }}>
          <Typography id="features-heading" variant="h4" component="h2" gutterBottom>
            Features
          </Typography>
          <Box sx={CARD_GRID_SX}>
            {FEATURES.map((feature) => (
              <Card key={feature.title} variant="outlined">
                <CardContent>
                  <Typography variant="h6" component="h3" gutterBottom>
                    {feature.title}
                  </Typography>
                  <Typography>{feature.text}</Typography>
                </CardContent>
              </Card>
            ))}
          </Box>
        </Box>

        <Box component="section" aria-labelledby="testimonials-heading" sx={{ mb: 6 }}>
          <Typography id="testimonials-heading" variant="h4" component="h2" gutterBottom>
            What students say
          </Typography>
          <Box sx={CARD_GRID_SX}>
            {TESTIMONIALS.map((testimonial) => (
              <Card key={testimonial.author} variant="outlined" component="figure" sx={{ m: 0 }}>
                <CardContent>
                  <Typography component="blockquote" sx={{ fontStyle: 'italic', m: 0, mb: 1 }}>
                    “{testimonial.quote}”
                  </Typography>
                  <Typography component="figcaption" color="text.secondary">
                    {testimonial.author}
                  </Typography>
                </CardContent>
              </Card>
            ))}
          </Box>
        </Box>

        <Box component="section" sx={{ textAlign: 'center', py: 4 }}>
          <Typography variant="h5" component="h2" gutterBottom>
            Ready to raise your score?
          </Typography>
          <Button variant="contained" size="large" component={RouterLink} to="/register">
            Get Started for Free
          </Button>
        </Box>
      </PageContainer>
    </>
  );
}
