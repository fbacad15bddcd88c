/** /tests: the test history with Excel export and import, and the free plan's limit modal. */
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import { ERRORS, EXPORT_FILE_NAME, type ImportResult } from '@mcat/contracts';
import { LoadingSpinner } from '../../components/loading-spinner';
import { PageContainer } from '../../components/page-container';
import { RouterLink } from '../../components/router-link';
import { SectionCard } from '../../components/section-card';
import { usePlanLimit } from '../../components/use-plan-limit';
import { ExcelActions } from '../../features/tests/components/excel-actions';
import { ImportWarnings } from '../../features/tests/components/import-warnings';
import { TestsTable } from '../../features/tests/components/tests-table';
import {
  useDeleteTestMutation,
  useExportTestsMutation,
  useGetTestsQuery,
  useImportTestsMutation,
} from '../../features/tests/api/tests-api';
import { apiErrorMessage } from '../../lib/api-error';
import { saveDownload } from '../../lib/download';
import { usePageTitle } from '../../lib/use-page-title';

/** What follows "Failed to import tests: " when the server gave no message. */
const IMPORT_RETRY = 'Please try again.';

export function TestsRoute() {
  usePageTitle('Your MCAT Tests');
  const tests = useGetTestsQuery();
  const [exportTests, exportCall] = useExportTestsMutation();
  const [importTests, importCall] = useImportTestsMutation();
  const [deleteTest] = useDeleteTestMutation();
  const [alert, setAlert] = useState<string | null>(null);
  const [imported, setImported] = useState<ImportResult | null>(null);
  const planLimit = usePlanLimit('import');

  const runExport = async () => {
    setAlert(null);
    try {
      saveDownload(await exportTests().unwrap(), EXPORT_FILE_NAME);
    } catch {
      setAlert(ERRORS.exportFailed);
    }
  };

  const runImport = async (file: File) => {
    setAlert(null);
    setImported(null);
    try {
      setImported(await importTests(file).unwrap());
    } catch (failure) {
      setAlert(
        planLimit.inlineMessage(failure, () =>
          ERRORS.importFailed(apiErrorMessage(failure, IMPORT_RETRY)),
        ),
      );
    }
  };

  const remove = async (id: string) => {
    setAlert(null);
    try {
      await deleteTest(id).unwrap();
    } catch (failure) {
      setAlert(apiErrorMessage(failure, ERRORS.deleteTest));
    }
  };

  const list = tests.data ?? [];

  const history = () => {
    if (tests.isLoading) return <LoadingSpinner label="Loading your tests..." />;
    if (tests.isError) {
      return (
        <Alert severity="error">
          <AlertTitle>Error!</AlertTitle>
          {apiErrorMessage(tests.error, ERRORS.fetchTests)}
        </Alert>
      );
    }
    if (list.length === 0) {
      return (
        <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
          <Typography variant="h5" component="h2" gutterBottom>
            No Tests Yet
          </Typography>
          <Typography sx={{ mb: 2 }}>
            Log your first full-length practice test to start tracking your progress.
          </Typography>
          <Button variant="contained" component={RouterLink} to="/tests/new">
            Add Your First Test
          </Button>
        </Paper>
      );
    }
    return (
      <SectionCard title="Test History">
        <TestsTable tests={list} onDelete={remove} />
      </SectionCard>
    );
  };

  return (
    <PageContainer>
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          gap: 2,
          alignItems: 'center',
          justifyContent: 'space-between',
          mb: 3,
        }}
      >
        <Typography variant="h4" component="h1">
          Your MCAT Tests
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            component={RouterLink}
            to="/tests/new"
          >
            Add New Test
          </Button>
          <ExcelActions
            exporting={exportCall.isLoading}
            importing={importCall.isLoading}
            onExport={() => void runExport()}
            onImport={(file) => void runImport(file)}
            onRefused={setAlert}
          />
        </Box>
      </Box>
      {alert ? (
        <Alert severity="error" sx={{ mb: 3 }} onClose={() => setAlert(null)}>
          {alert}
        </Alert>
      ) : null}
      {imported ? (
        <ImportWarnings
          importedCount={imported.tests.length}
          warnings={imported.errors}
          onClose={() => setImported(null)}
        />
      ) : null}
      {history()}
      {planLimit.prompt}
    </PageContainer>
  );
}
