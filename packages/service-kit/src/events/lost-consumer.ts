import { ConsumerEvents, type ConsumerMessages } from 'nats';

/**
 * The reason, once the server says the durable consumer behind `messages` (or its stream) no
 * longer exists: nats.js then keeps pulling in vain and no event would be handled again. A NATS
 * outage is not that: its statuses are heartbeats missed and no responders, and the consumer
 * resumes once the server is back. Null when `messages` is closed without such a status.
 */
export async function lostConsumer(messages: ConsumerMessages): Promise<string | null> {
  for await (const status of await messages.status()) {
    if (
      status.type === ConsumerEvents.ConsumerNotFound ||
      status.type === ConsumerEvents.ConsumerDeleted
    ) {
      return 'was deleted from NATS';
    }
    if (status.type === ConsumerEvents.StreamNotFound) return 'lost its stream';
  }
  return null;
}
