/** /billing for the billing staff: live event log and payments, filters, CSV exports. */
import { useCallback, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import TablePagination from '@mui/material/TablePagination';
import Typography from '@mui/material/Typography';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import { LoadingSpinner } from '../../../components/loading-spinner';
import { SectionCard } from '../../../components/section-card';
import { apiErrorMessage } from '../../../lib/api-error';
import { saveDownload } from '../../../lib/download';
import {
  useExportBillingCsvMutation,
  useGetBillingEventsQuery,
  useGetPaymentsQuery,
} from '../api/billing-api';
import { useBillingEventStream, type StreamStatus } from '../hooks/use-billing-event-stream';
import { NO_BILLING_FILTERS, type BillingFilters } from '../utils/billing-filters';
import { BillingFiltersForm } from './billing-filters-form';
import { BillingEventsTable, PaymentsTable } from './billing-tables';

const PAGE_SIZE = 25;
const LOAD_FAILED = 'Failed to load billing records';
const EXPORT_FAILED = 'Failed to export billing records. Please try again.';

const STATUS_LABELS: Record<StreamStatus, string> = {
  connecting: 'Connecting...',
  live: 'Live',
  disconnected: 'Reconnecting...',
};

export function BillingDashboard({ token }: { token: string | null }) {
  const [filters, setFilters] = useState<BillingFilters>(NO_BILLING_FILTERS);
  const [eventsPage, setEventsPage] = useState(1);
  const [paymentsPage, setPaymentsPage] = useState(1);
  const events = useGetBillingEventsQuery({ filters, page: eventsPage, limit: PAGE_SIZE });
  const payments = useGetPaymentsQuery({ filters, page: paymentsPage, limit: PAGE_SIZE });
  const [exportCsv, exportCall] = useExportBillingCsvMutation();
  const [exportError, setExportError] = useState<string | null>(null);
  const { refetch: refetchEvents } = events;
  const { refetch: refetchPayments } = payments;

  const eventArrived = useCallback(() => {
    void refetchEvents();
    void refetchPayments();
  }, [refetchEvents, refetchPayments]);
  const status = useBillingEventStream(token, eventArrived);

  const download = async (list: 'events' | 'payments') => {
    setExportError(null);
    try {
      saveDownload(await exportCsv({ list, filters }).unwrap(), `billing-${list}.csv`);
    } catch {
      setExportError(EXPORT_FAILED);
    }
  };

  const apply = (next: BillingFilters) => {
    setFilters(next);
    setEventsPage(1);
    setPaymentsPage(1);
  };

  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Chip
          label={STATUS_LABELS[status]}
          color={status === 'live' ? 'success' : 'default'}
          variant={status === 'live' ? 'filled' : 'outlined'}
          data-testid="stream-status"
        />
        <Typography variant="body2" color="text.secondary">
          New events appear here as they are recorded.
        </Typography>
      </Box>
      <SectionCard title="Filters">
        <BillingFiltersForm onApply={apply} />
      </SectionCard>
      {exportError ? <Alert severity="error">{exportError}</Alert> : null}
      <SectionCard
        title="Payments"
        actions={
          <Button
            startIcon={<FileDownloadIcon />}
            onClick={() => void download('payments')}
            disabled={exportCall.isLoading}
          >
            Export Payments CSV
          </Button>
        }
      >
        {payments.isLoading ? (
          <LoadingSpinner label="Loading payments..." />
        ) : payments.isError ? (
          <Alert severity="error">{apiErrorMessage(payments.error, LOAD_FAILED)}</Alert>
        ) : (
          <>
            <PaymentsTable payments={payments.data?.items ?? []} />
            <TablePagination
              component="div"
              count={payments.data?.total ?? 0}
              page={paymentsPage - 1}
              rowsPerPage={PAGE_SIZE}
              rowsPerPageOptions={[PAGE_SIZE]}
              onPageChange={(_event, page) => setPaymentsPage(page + 1)}
            />
          </>
        )}
      </SectionCard>
      <SectionCard
        title="Billing Events"
        actions={
          <Button
            startIcon={<FileDownloadIcon />}
            onClick={() => void download('events')}
            disabled={exportCall.isLoading}
          >
            Export Events CSV
          </Button>
        }
      >
        {events.isLoading ? (
          <LoadingSpinner label="Loading billing events..." />
        ) : events.isError ? (
          <Alert severity="error">{apiErrorMessage(events.error, LOAD_FAILED)}</Alert>
        ) : (
          <>
            <BillingEventsTable events={events.data?.items ?? []} />
            <TablePagination
              component="div"
              count={events.data?.total ?? 0}
              page={eventsPage - 1}
              rowsPerPage={PAGE_SIZE}
              rowsPerPageOptions={[PAGE_SIZE]}
              onPageChange={(_event, page) => setEventsPage(page + 1)}
            />
          </>
        )}
      </SectionCard>
    </Box>
  );
}
