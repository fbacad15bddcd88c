import { randomUUID } from 'node:crypto';
import type { EventEnvelope, EventPayloads, EventSubject } from '@mcat/contracts';

/** A new event: a fresh uuid (also its JetStream message id) and the time of the change. */
export function createEventEnvelope<S extends EventSubject>(
  subject: S,
  data: EventPayloads[S],
  occurredAt: Date = new Date(),
): EventEnvelope<S> {
  return { id: randomUUID(), subject, occurredAt: occurredAt.toISOString(), data };
}

export function encodeEnvelope(envelope: EventEnvelope): Uint8Array {
  return new TextEncoder().encode(JSON.stringify(envelope));
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The envelope carried by a message, or null when the bytes are not one. */
export function decodeEnvelope(bytes: Uint8Array): EventEnvelope | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    return null;
  }
  if (
    !isRecord(parsed) ||
    typeof parsed.id !== 'string' ||
    parsed.id === '' ||
    typeof parsed.subject !== 'string' ||
    typeof parsed.occurredAt !== 'string' ||
    !('data' in parsed)
  ) {
    return null;
  }
  return parsed as unknown as EventEnvelope;
}
