/** Export to Excel and Import from Excel, each busy while it runs. */
import { useRef } from 'react';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import FileUploadIcon from '@mui/icons-material/FileUpload';
import HelpOutlinedIcon from '@mui/icons-material/HelpOutlined';
import {
  IMPORT_FILE_MAX_BYTES,
  REQUEST_MESSAGES,
  SECTION_SCORE_MAX,
  SECTION_SCORE_MIN,
  TOTAL_SCORE_MAX,
  TOTAL_SCORE_MIN,
  VALIDATION,
} from '@mcat/contracts';

const IMPORT_HELP =
  'Import an Excel file (.xlsx or .xls) whose first row holds the headers: Date Taken ' +
  `(for example 01/15/2025), Source, Total Score (${TOTAL_SCORE_MIN}-${TOTAL_SCORE_MAX}), ` +
  `Chem/Phys, CARS, Bio and Psych/Soc (each ${SECTION_SCORE_MIN}-${SECTION_SCORE_MAX}). ` +
  `Files of up to ${IMPORT_FILE_MAX_BYTES / (1024 * 1024)} MB.`;

const isExcelFile = (file: File): boolean => /\.(xlsx|xls)$/i.test(file.name);

interface ExcelActionsProps {
  exporting: boolean;
  importing: boolean;
  onExport: () => void;
  onImport: (file: File) => void;
  /** A chosen file that is not a spreadsheet, or too large: the message to show. */
  onRefused: (message: string) => void;
}

export function ExcelActions({
  exporting,
  importing,
  onExport,
  onImport,
  onRefused,
}: ExcelActionsProps) {
  const fileInput = useRef<HTMLInputElement>(null);

  const fileChosen = (event: React.ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!isExcelFile(file)) onRefused(VALIDATION.excelFileOnly);
    else if (file.size > IMPORT_FILE_MAX_BYTES) onRefused(REQUEST_MESSAGES.importFileTooLarge);
    else onImport(file);
  };

  return (
    <>
      <Button
        variant="outlined"
        startIcon={<FileDownloadIcon />}
        onClick={onExport}
        disabled={exporting}
      >
        {exporting ? 'Exporting...' : 'Export to Excel'}
      </Button>
      <Button
        variant="outlined"
        startIcon={<FileUploadIcon />}
        onClick={() => fileInput.current?.click()}
        disabled={importing}
      >
        {importing ? 'Importing...' : 'Import from Excel'}
      </Button>
      <input
        ref={fileInput}
        type="file"
        hidden
        accept=".xlsx,.xls"
        aria-label="Excel file to import"
        data-testid="import-file"
        onChange={fileChosen}
      />
      <Tooltip title={IMPORT_HELP}>
        <IconButton aria-label="How to import from Excel">
          <HelpOutlinedIcon />
        </IconButton>
      </Tooltip>
    </>
  );
}
