import Alert from '@mui/material/Alert';
import { PageContainer } from '../../components/page-container';
import { apiErrorMessage, isNotFound } from '../../lib/api-error';
import { NotFoundMessage } from './not-found-message';

/**
 * What a test's page shows when the test could not be loaded: "Test Not Found" for a 404 (or no
 * test at all), else the error alert with the server's message or `fallback`.
 */
export function TestUnavailable({ error, fallback }: { error: unknown; fallback: string }) {
  if (error === undefined || isNotFound(error)) {
    return <NotFoundMessage what="test" backTo="/tests" backLabel="Back to Tests" />;
  }
  return (
    <PageContainer>
      <Alert severity="error">{apiErrorMessage(error, fallback)}</Alert>
    </PageContainer>
  );
}
