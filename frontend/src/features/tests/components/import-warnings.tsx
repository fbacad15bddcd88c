import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';

interface ImportWarningsProps {
  importedCount: number;
  warnings: readonly string[];
  onClose: () => void;
}

/** After an import: how many tests came in, and every row the server could not take. */
export function ImportWarnings({ importedCount, warnings, onClose }: ImportWarningsProps) {
  return (
    <Alert severity={warnings.length > 0 ? 'warning' : 'success'} onClose={onClose} sx={{ mb: 3 }}>
      <AlertTitle>
        {importedCount === 1 ? '1 test imported' : `${importedCount} tests imported`}
      </AlertTitle>
      {warnings.length > 0 ? (
        <ul aria-label="Import warnings" style={{ margin: 0, paddingLeft: '1.25rem' }}>
          {warnings.map((warning) => (
            <li key={warning}>{warning}</li>
          ))}
        </ul>
      ) : null}
    </Alert>
  );
}
