import { EVENT_SUBJECTS, type EventEnvelope, type UserSnapshot } from '@mcat/contracts';
import type { NatsConnection } from 'nats';
import { consumerName } from '../events/consumer-name';
import { createEventEnvelope, encodeEnvelope } from '../events/event-envelope';

/** The dev provider's purchase of premium by this user, as billing publishes it. */
export const premiumPurchasedEvent = (userId: string): EventEnvelope =>
  createEventEnvelope(EVENT_SUBJECTS.premiumPurchased, {
    userId,
    purchaseId: `pi_${userId}`,
    amount: 1000,
    currency: 'usd',
    provider: 'dev',
    couponId: null,
  });

/** `auth.user.updated` about a student, as auth publishes it after a change at `occurredAt`. */
export const userUpdatedEvent = (
  userId: string,
  { isPremium = false, plannedTestingDate = null }: Partial<UserSnapshot> = {},
  occurredAt = new Date(),
): EventEnvelope<'auth.user.updated'> =>
  createEventEnvelope(
    EVENT_SUBJECTS.userUpdated,
    {
      userId,
      name: 'Evie',
      email: `${userId}@example.com`,
      isPremium,
      roles: ['student'],
      plannedTestingDate,
    },
    occurredAt,
  );

/** The two events that make a user premium for the plan limits, each with its name. */
export const premiumEvents: [string, (userId: string) => EventEnvelope][] = [
  [
    'auth.user.updated with isPremium true',
    (userId) => userUpdatedEvent(userId, { isPremium: true }),
  ],
  ['billing.premium.purchased', premiumPurchasedEvent],
];

/** Publishes the event on JetStream and resolves once `service`'s consumer has handled and acked it. */
export async function deliverEvent(
  nc: NatsConnection,
  service: string,
  event: EventEnvelope,
): Promise<void> {
  const ack = await nc
    .jetstream()
    .publish(event.subject, encodeEnvelope(event), { msgID: event.id });
  const jsm = await nc.jetstreamManager();
  const consumer = consumerName(service, event.subject);
  const deadline = Date.now() + 10_000;
  while ((await jsm.consumers.info(ack.stream, consumer)).ack_floor.stream_seq < ack.seq) {
    if (Date.now() > deadline) throw new Error(`${consumer} did not handle ${event.subject}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
