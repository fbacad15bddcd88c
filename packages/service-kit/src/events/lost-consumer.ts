import { ConsumerEvents, type ConsumerMessages } from 'nats';

/**
 * Resolves with the reason once the server says the durable consumer behind `messages` (or its
 * stream) no longer exists: nats.js then keeps pulling in vain and no event would be handled
 * again. A NATS outage is not that: its statuses are heartbeats missed and no responders, and the
 * consumer resumes once the server is back. Never resolves for a consumer that stays.
 */
export async function lostConsumer(messages: ConsumerMessages): Promise<string> {
  for await (const status of await messages.status()) {
    if (status.type === ConsumerEvents.ConsumerNotFound) return 'was deleted from NATS';
    if (status.type === ConsumerEvents.StreamNotFound) return 'lost its stream';
    if (status.type === ConsumerEvents.ConsumerDeleted) return 'was deleted from NATS';
  }
  return new Promise<string>(() => undefined);
}
