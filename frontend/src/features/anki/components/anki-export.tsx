/**
 * "Export to Anki" for the questions page: downloads the deck of the questions the applied
 * filters select, then offers to mark exactly those questions as Anki card made.
 */
import { useState } from 'react';
import Alert, { type AlertProps } from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Snackbar from '@mui/material/Snackbar';
import Stack from '@mui/material/Stack';
import { ANKI_EXPORT_FILE_NAME, ANKI_MESSAGES, type QuestionSearch } from '@mcat/contracts';
import { apiErrorMessage } from '../../../lib/api-error';
import { saveDownload } from '../../../lib/download';
import { useExportAnkiDeckMutation, useMarkAnkiExportMutation } from '../api/anki-api';

export interface AnkiExportProps {
  /** The applied search filters; null exports every question. */
  filters: QuestionSearch | null;
  /** Nothing to export (no questions match). */
  disabled?: boolean;
}

const NOTICE_HIDE_MS = 6000;

type Notice =
  | { kind: 'exported'; count: number; exportId: string | null }
  | { kind: 'marked'; message: string }
  | { kind: 'error'; message: string };

/** A notice's alert; passes on the style and ref the snackbar's transition gives its child. */
function NoticeAlert(props: AlertProps) {
  return <Alert variant="standard" elevation={6} sx={{ width: '100%' }} {...props} />;
}

export function AnkiExport({ filters, disabled = false }: AnkiExportProps) {
  const [exportDeck, exporting] = useExportAnkiDeckMutation();
  const [markExport, marking] = useMarkAnkiExportMutation();
  const [notice, setNotice] = useState<Notice | null>(null);

  const runExport = async () => {
    setNotice(null);
    try {
      const deck = await exportDeck(filters).unwrap();
      saveDownload(deck.objectUrl, ANKI_EXPORT_FILE_NAME);
      setNotice({ kind: 'exported', count: deck.count, exportId: deck.exportId });
    } catch (failure) {
      setNotice({ kind: 'error', message: apiErrorMessage(failure, ANKI_MESSAGES.exportFailed) });
    }
  };

  const runMark = async (exportId: string) => {
    try {
      const result = await markExport(exportId).unwrap();
      setNotice({ kind: 'marked', message: result.message });
    } catch (failure) {
      setNotice({ kind: 'error', message: apiErrorMessage(failure, ANKI_MESSAGES.markFailed) });
    }
  };

  const close = () => {
    if (!marking.isLoading) setNotice(null);
  };

  const content = (notice: Notice) => {
    if (notice.kind === 'error') {
      return (
        <NoticeAlert severity="error" onClose={close}>
          {notice.message}
        </NoticeAlert>
      );
    }
    if (notice.kind === 'marked') {
      return (
        <NoticeAlert severity="success" onClose={close}>
          {notice.message}
        </NoticeAlert>
      );
    }
    const { count, exportId } = notice;
    return (
      <NoticeAlert severity="success" onClose={close}>
        <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
          <Box component="span">{ANKI_MESSAGES.exported(count)}</Box>
          {exportId && count > 0 && (
            <Button
              color="inherit"
              variant="outlined"
              size="small"
              disabled={marking.isLoading}
              onClick={() => void runMark(exportId)}
              startIcon={
                marking.isLoading ? <CircularProgress color="inherit" size={16} /> : undefined
              }
            >
              {marking.isLoading ? ANKI_MESSAGES.marking : ANKI_MESSAGES.markButton}
            </Button>
          )}
        </Stack>
      </NoticeAlert>
    );
  };

  return (
    <>
      <Button
        variant="outlined"
        onClick={() => void runExport()}
        disabled={disabled || exporting.isLoading}
        startIcon={exporting.isLoading ? <CircularProgress color="inherit" size={16} /> : undefined}
      >
        {exporting.isLoading ? ANKI_MESSAGES.exporting : ANKI_MESSAGES.exportButton}
      </Button>
      {notice && (
        <Snackbar
          open
          onClose={(_event, reason) => {
            if (reason !== 'clickaway') close();
          }}
          // The offer to mark stays until it is taken or closed.
          autoHideDuration={notice.kind === 'exported' ? null : NOTICE_HIDE_MS}
          anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
        >
          {content(notice)}
        </Snackbar>
      )}
    </>
  );
}
