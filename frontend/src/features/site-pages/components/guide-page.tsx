/** The study guide: how many tests to take, and resources to take them from. */
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { OFFICIAL_PRACTICE_EXAMS, RECOMMENDED_TESTS, type PublicConfig } from '@mcat/contracts';
import { PageContainer } from '../../../components/page-container';

interface GuidePageProps {
  /** The resource links from the public configuration; the section is left out while none. */
  resources: PublicConfig['guideResources'];
}

export function GuidePage({ resources }: GuidePageProps) {
  return (
    <PageContainer maxWidth="md">
      <Typography variant="h4" component="h1" gutterBottom>
        MCAT Study Guide
      </Typography>
      <Typography component="h2" variant="h5" gutterBottom>
        How many practice tests?
      </Typography>
      <Typography sx={{ mb: 2 }}>
        The AAMC publishes {OFFICIAL_PRACTICE_EXAMS} official practice exams. Most students take{' '}
        {RECOMMENDED_TESTS} full-length practice tests before test day: start with a third-party
        exam to find your baseline, then save the official exams for the final weeks.
      </Typography>
      <Typography sx={{ mb: 2 }}>
        After every test, review each section, record the questions you missed and why, and make
        flashcards for the facts you did not know.
      </Typography>
      {resources.length > 0 ? (
        <>
          <Typography component="h2" variant="h5" gutterBottom sx={{ mt: 3 }}>
            Resources
          </Typography>
          <Alert severity="info" sx={{ mb: 2 }}>
            Some of these links are affiliate links: a purchase through them supports this site at
            no cost to you.
          </Alert>
          <List aria-label="Study resources">
            {resources.map((resource) => (
              <ListItem key={resource.url} disableGutters>
                <ListItemText
                  primary={
                    <Link href={resource.url} target="_blank" rel="noopener noreferrer sponsored">
                      {resource.title}
                    </Link>
                  }
                  secondary={resource.description}
                />
              </ListItem>
            ))}
          </List>
        </>
      ) : null}
    </PageContainer>
  );
}
