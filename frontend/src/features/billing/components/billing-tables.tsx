/** The billing event log and the payments, each a page of records. */
import type { BillingEventRecord, PaymentRecord } from '@mcat/contracts';
import { DataTable } from '../../../components/data-table/data-table';
import type { DataTableColumn } from '../../../components/data-table/data-table-column';

const money = (cents: number | null, currency: string | null): string =>
  cents === null
    ? '-'
    : new Intl.NumberFormat(undefined, {
        style: 'currency',
        currency: (currency ?? 'usd').toUpperCase(),
      }).format(cents / 100);

const time = (iso: string): string => new Date(iso).toLocaleString();

const EVENT_COLUMNS: readonly DataTableColumn<BillingEventRecord>[] = [
  { header: 'Time', render: (event) => time(event.occurredAt) },
  { header: 'Type', kind: 'rowHeader', render: (event) => event.type },
  { header: 'Email', render: (event) => event.email ?? '-' },
  { header: 'Amount', numeric: true, render: (event) => money(event.amount, event.currency) },
  { header: 'Status', render: (event) => event.status ?? '-' },
  { header: 'Payment', render: (event) => event.paymentIntentId ?? '-' },
  { header: 'Provider', render: (event) => event.provider },
];

const PAYMENT_COLUMNS: readonly DataTableColumn<PaymentRecord>[] = [
  { header: 'Created', render: (payment) => time(payment.createdAt) },
  { header: 'Email', kind: 'rowHeader', render: (payment) => payment.email ?? '-' },
  {
    header: 'Amount',
    numeric: true,
    render: (payment) => money(payment.amount, payment.currency),
  },
  { header: 'Status', render: (payment) => payment.status },
  { header: 'Coupon', render: (payment) => payment.couponId ?? '-' },
  {
    header: 'Refunded',
    numeric: true,
    render: (payment) => money(payment.amountRefunded, payment.currency),
  },
  { header: 'Disputed', render: (payment) => (payment.disputed ? 'Yes' : 'No') },
  { header: 'Payment', render: (payment) => payment.id },
];

export function BillingEventsTable({ events }: { events: readonly BillingEventRecord[] }) {
  return (
    <DataTable
      rows={events}
      columns={EVENT_COLUMNS}
      rowKey={(event) => event.id}
      label="Billing events"
    />
  );
}

export function PaymentsTable({ payments }: { payments: readonly PaymentRecord[] }) {
  return (
    <DataTable
      rows={payments}
      columns={PAYMENT_COLUMNS}
      rowKey={(payment) => payment.id}
      label="Payments"
    />
  );
}
