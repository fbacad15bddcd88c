/** The billing event log and the payments, each a page of records. */
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { BillingEventRecord, PaymentRecord } from '@mcat/contracts';

const money = (cents: number | null, currency: string | null): string =>
  cents === null
    ? '-'
    : new Intl.NumberFormat(undefined, {
        style: 'currency',
        currency: (currency ?? 'usd').toUpperCase(),
      }).format(cents / 100);

const time = (iso: string): string => new Date(iso).toLocaleString();

export function BillingEventsTable({ events }: { events: readonly BillingEventRecord[] }) {
  return (
    <TableContainer>
      <Table size="small" aria-label="Billing events">
        <TableHead>
          <TableRow>
            <TableCell>Time</TableCell>
            <TableCell>Type</TableCell>
            <TableCell>Email</TableCell>
            <TableCell>Amount</TableCell>
            <TableCell>Status</TableCell>
            <TableCell>Payment</TableCell>
            <TableCell>Provider</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {events.map((event) => (
            <TableRow key={event.id}>
              <TableCell>{time(event.occurredAt)}</TableCell>
              <TableCell>{event.type}</TableCell>
              <TableCell>{event.email ?? '-'}</TableCell>
              <TableCell>{money(event.amount, event.currency)}</TableCell>
              <TableCell>{event.status ?? '-'}</TableCell>
              <TableCell sx={{ wordBreak: 'break-all' }}>{event.paymentIntentId ?? '-'}</TableCell>
              <TableCell>{event.provider}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

export function PaymentsTable({ payments }: { payments: readonly PaymentRecord[] }) {
  return (
    <TableContainer>
      <Table size="small" aria-label="Payments">
        <TableHead>
          <TableRow>
            <TableCell>Created</TableCell>
            <TableCell>Email</TableCell>
            <TableCell>Amount</TableCell>
            <TableCell>Status</TableCell>
            <TableCell>Coupon</TableCell>
            <TableCell>Refunded</TableCell>
            <TableCell>Disputed</TableCell>
            <TableCell>Payment</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {payments.map((payment) => (
            <TableRow key={payment.id}>
              <TableCell>{time(payment.createdAt)}</TableCell>
              <TableCell>{payment.email ?? '-'}</TableCell>
              <TableCell>{money(payment.amount, payment.currency)}</TableCell>
              <TableCell>{payment.status}</TableCell>
              <TableCell>{payment.couponId ?? '-'}</TableCell>
              <TableCell>{money(payment.amountRefunded, payment.currency)}</TableCell>
              <TableCell>{payment.disputed ? 'Yes' : 'No'}</TableCell>
              <TableCell sx={{ wordBreak: 'break-all' }}>{payment.id}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
