/** The tests feature's page body: the test history, Excel export and import, delete. */
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import { ERRORS, EXPORT_FILE_NAME, type ImportResult } from '@mcat/contracts';
import { LoadingSpinner } from '../../../components/loading-spinner';
import { RouterLink } from '../../../components/router-link';
import { SectionCard } from '../../../components/section-card';
import { usePlanLimit } from '../../../components/use-plan-limit';
import { apiErrorMessage } from '../../../lib/api-error';
import { saveDownload } from '../../../lib/download';
import {
  useDeleteTestMutation,
  useExportTestsMutation,
  useGetTestsQuery,
  useImportTestsMutation,
} from '../api/tests-api';
import { ExcelActions } from './excel-actions';
import { ImportWarnings } from './import-warnings';
import { TestsTable } from './tests-table';

/** What follows "Failed to import tests: " when the server gave no message. */
const IMPORT_RETRY = 'Please try again.';

/**
 * The test history with its actions: add, Excel export and import (the free plan's limit in the
 * upgrade modal), delete; under a header row holding the page's `title`.
 */
export function TestsManager({ title }: { title: string }) {
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
    <>
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
          {title}
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
    </>
  );
}
