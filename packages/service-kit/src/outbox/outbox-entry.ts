import type { EventEnvelope, EventPayloads, EventSubject } from '@mcat/contracts';
import { Schema } from 'mongoose';
import { createEventEnvelope } from '../events/event-envelope';
import { traceCarrier, type TraceCarrier } from '../tracing/trace-carrier';

/**
 * An event waiting in a document's `outbox` array: exactly the envelope that will be published,
 * plus the trace of the request that wrote it (sent as message headers, not in the body).
 */
export type OutboxEntry<S extends EventSubject = EventSubject> = EventEnvelope<S> & {
  trace?: TraceCarrier;
};

/**
 * An event to write in the same single-document write as the change it records:
 * `Model.create({ ...fields, outbox: [outboxEvent(...)] })` or
 * `updateOne(filter, { $set: {...}, $push: { outbox: outboxEvent(...) } })`. Written inside a
 * request (or an event handler), it keeps that trace, so the relay publishes it with the trace of
 * the request that caused it, however much later.
 */
export function outboxEvent<S extends EventSubject>(
  subject: S,
  data: EventPayloads[S],
): OutboxEntry<S> {
  const trace = traceCarrier();
  const envelope = createEventEnvelope(subject, data);
  return trace ? { ...envelope, trace } : envelope;
}

const traceCarrierSchema = new Schema<TraceCarrier>(
  { traceparent: { type: String, required: true }, requestId: { type: String } },
  { _id: false },
);

export const outboxEntrySchema = new Schema<OutboxEntry>(
  {
    id: { type: String, required: true },
    subject: { type: String, required: true },
    occurredAt: { type: String, required: true },
    data: { type: Schema.Types.Mixed, required: true },
    trace: { type: traceCarrierSchema, required: false },
  },
  { _id: false, minimize: false },
);
