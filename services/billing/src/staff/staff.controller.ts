import { Readable } from 'node:stream';
import { Controller, Get, Query, Sse, StreamableFile, type MessageEvent } from '@nestjs/common';
import {
  billingListQuerySchema,
  type BillingEventRecord,
  type BillingListQuery,
  type Page,
  type PaymentRecord,
} from '@mcat/contracts';
import { Roles, ZodValidationPipe } from '@mcat/service-kit';
import { interval, map, merge, of, type Observable } from 'rxjs';
import { PaymentLedger, toPaymentRecord } from '../ledger/payment-ledger.service';
import { BillingEventsService, toBillingEventRecord } from '../webhooks/billing-events.service';
import { LiveBillingEvents } from '../webhooks/live-billing-events';
import { csvDocument } from './csv';
import { listFilter } from './list-filter';

/** Keeps the live stream's connection open through proxies that close idle ones. */
const HEARTBEAT_MS = 15_000;

const EVENT_COLUMNS = [
  'id',
  'type',
  'provider',
  'occurredAt',
  'amount',
  'currency',
  'email',
  'userId',
  'status',
  'paymentIntentId',
  'receivedAt',
] as const;
const PAYMENT_COLUMNS = [
  'id',
  'provider',
  'userId',
  'email',
  'amount',
  'currency',
  'couponId',
  'status',
  'lastError',
  'amountRefunded',
  'disputed',
  'createdAt',
  'updatedAt',
] as const;

const csvFile = (name: string, lines: AsyncGenerator<string>): StreamableFile =>
  new StreamableFile(Readable.from(lines), {
    type: 'text/csv; charset=utf-8',
    disposition: `attachment; filename="${name}"`,
  });

/**
 * The billing staff's views (role `billing`; anyone else 403): the event log and the payments,
 * filtered and paged, a live stream of new events, and CSV exports of a filtered list.
 */
@Roles('billing')
@Controller('api/billing')
export class StaffController {
  constructor(
    private readonly events: BillingEventsService,
    private readonly ledger: PaymentLedger,
    private readonly live: LiveBillingEvents,
  ) {}

  @Get('events')
  async listEvents(
    @Query(new ZodValidationPipe(billingListQuerySchema)) query: BillingListQuery,
  ): Promise<Page<BillingEventRecord>> {
    const filter = listFilter(query, 'occurredAt', { withType: true });
    const [items, total] = await Promise.all([
      this.events.list(filter, (query.page - 1) * query.limit, query.limit),
      this.events.count(filter),
    ]);
    return { items: items.map(toBillingEventRecord), total, page: query.page, limit: query.limit };
  }

  @Get('payments')
  async listPayments(
    @Query(new ZodValidationPipe(billingListQuerySchema)) query: BillingListQuery,
  ): Promise<Page<PaymentRecord>> {
    const filter = listFilter(query, 'createdAt', { withType: false });
    const [items, total] = await Promise.all([
      this.ledger.list(filter, (query.page - 1) * query.limit, query.limit),
      this.ledger.count(filter),
    ]);
    return { items: items.map(toPaymentRecord), total, page: query.page, limit: query.limit };
  }

  /**
   * Server-sent events: `ready` once listening, `billing-event` with a BillingEventRecord for each
   * event recorded from then on, `heartbeat` every 15 s. The token goes in the Authorization
   * header, so the web app reads it with fetch streaming rather than EventSource.
   */
  @Sse('events/stream')
  stream(): Observable<MessageEvent> {
    return merge(
      this.live
        .recorded()
        .pipe(map((event): MessageEvent => ({ type: 'billing-event', id: event.id, data: event }))),
      of<MessageEvent>({ type: 'ready', data: {} }),
      interval(HEARTBEAT_MS).pipe(map((): MessageEvent => ({ type: 'heartbeat', data: {} }))),
    );
  }

  @Get('events/export')
  exportEvents(
    @Query(new ZodValidationPipe(billingListQuerySchema)) query: BillingListQuery,
  ): StreamableFile {
    const rows = this.events.stream(listFilter(query, 'occurredAt', { withType: true }));
    return csvFile(
      'billing-events.csv',
      csvDocument(EVENT_COLUMNS, rows, (event) => {
        const record = toBillingEventRecord(event);
        return EVENT_COLUMNS.map((column) => record[column] as string | number | null);
      }),
    );
  }

  @Get('payments/export')
  exportPayments(
    @Query(new ZodValidationPipe(billingListQuerySchema)) query: BillingListQuery,
  ): StreamableFile {
    const rows = this.ledger.stream(listFilter(query, 'createdAt', { withType: false }));
    return csvFile(
      'billing-payments.csv',
      csvDocument(PAYMENT_COLUMNS, rows, (payment) => {
        const record = toPaymentRecord(payment);
        return PAYMENT_COLUMNS.map((column) => record[column]);
      }),
    );
  }
}
