import type { EventEnvelope, EventPayloads, EventSubject } from '@mcat/contracts';
import { Schema } from 'mongoose';
import { createEventEnvelope } from '../events/event-envelope';

/** An event waiting in a document's `outbox` array: exactly the envelope that will be published. */
export type OutboxEntry<S extends EventSubject = EventSubject> = EventEnvelope<S>;

/**
 * An event to write in the same single-document write as the change it records:
 * `Model.create({ ...fields, outbox: [outboxEvent(...)] })` or
 * `updateOne(filter, { $set: {...}, $push: { outbox: outboxEvent(...) } })`.
 */
export function outboxEvent<S extends EventSubject>(
  subject: S,
  data: EventPayloads[S],
): OutboxEntry<S> {
  return createEventEnvelope(subject, data);
}

export const outboxEntrySchema = new Schema<OutboxEntry>(
  {
    id: { type: String, required: true },
    subject: { type: String, required: true },
    occurredAt: { type: String, required: true },
    data: { type: Schema.Types.Mixed, required: true },
  },
  { _id: false, minimize: false },
);
