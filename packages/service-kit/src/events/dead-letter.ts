import { deadLetterSubject } from '@mcat/contracts';
import { headers, type JetStreamClient, type JsMsg } from 'nats';
import { copyTraceHeaders } from './event-trace-headers';

/** Headers on a dead-lettered message; `docs/adr/0004-events-and-outbox.md` shows how to replay one. */
export const DEAD_LETTER_HEADERS = {
  error: 'Mcat-Error',
  consumer: 'Mcat-Consumer',
  subject: 'Mcat-Original-Subject',
  stream: 'Mcat-Original-Stream',
  sequence: 'Mcat-Original-Sequence',
  deliveries: 'Mcat-Deliveries',
  failedAt: 'Mcat-Failed-At',
} as const;

/** Header values are one line of limited length. */
const headerValue = (text: string): string => text.replace(/[\r\n]+/g, ' ').slice(0, 1000);

/**
 * Republishes a message the consumer gives up on to `deadletter.<consumer>.<subject>`, unchanged,
 * with headers naming the error and the original's trace headers. The message id makes a repeat of
 * this publish a no-op.
 */
export async function publishDeadLetter(
  js: JetStreamClient,
  msg: JsMsg,
  consumer: string,
  error: string,
): Promise<void> {
  const h = headers();
  h.set(DEAD_LETTER_HEADERS.error, headerValue(error));
  h.set(DEAD_LETTER_HEADERS.consumer, consumer);
  h.set(DEAD_LETTER_HEADERS.subject, msg.subject);
  h.set(DEAD_LETTER_HEADERS.stream, msg.info.stream);
  h.set(DEAD_LETTER_HEADERS.sequence, String(msg.seq));
  h.set(DEAD_LETTER_HEADERS.deliveries, String(msg.info.redeliveryCount));
  h.set(DEAD_LETTER_HEADERS.failedAt, new Date().toISOString());
  copyTraceHeaders(msg.headers, h);
  await js.publish(deadLetterSubject(consumer, msg.subject), msg.data, {
    headers: h,
    msgID: `${consumer}:${msg.info.stream}:${msg.seq}`,
  });
}
