/**
 * Domain events carried on NATS JetStream. Subjects are `<service>.<aggregate>.<past-tense verb>`;
 * every message body is an EventEnvelope whose `id` is unique, so consumers can drop duplicates.
 */
import type { PaymentProviderName } from './catalog';
import type { Role } from './constants';

export const EVENT_SUBJECTS = {
  userRegistered: 'auth.user.registered',
  userUpdated: 'auth.user.updated',
  userDeleted: 'auth.user.deleted',
  testCreated: 'tests.test.created',
  testUpdated: 'tests.test.updated',
  testDeleted: 'tests.test.deleted',
  premiumPurchased: 'billing.premium.purchased',
} as const;
export type EventSubject = (typeof EVENT_SUBJECTS)[keyof typeof EVENT_SUBJECTS];

/** One JetStream stream per publishing service; the dead-letter stream holds what consumers gave up on. */
export const EVENT_STREAMS = [
  { name: 'AUTH', subjects: ['auth.>'] },
  { name: 'TESTS', subjects: ['tests.>'] },
  { name: 'BILLING', subjects: ['billing.>'] },
] as const;
export const DEAD_LETTER_STREAM = { name: 'DEADLETTER', subjects: ['deadletter.>'] } as const;
/** A message a consumer gave up on is republished on `deadletter.<consumer>.<original subject>`. */
export const deadLetterSubject = (consumer: string, subject: string): string =>
  `deadletter.${consumer}.${subject}`;

export interface UserSnapshot {
  userId: string;
  name: string;
  email: string;
  isPremium: boolean;
  roles: Role[];
  /** 'YYYY-MM-DD' or null: the tests service keeps it for the score projection. */
  plannedTestingDate: string | null;
}

export interface TestSnapshot {
  testId: string;
  userId: string;
  source: string;
  /** ISO timestamp of the calendar date at UTC midnight. */
  dateTaken: string;
}

export interface EventPayloads {
  'auth.user.registered': UserSnapshot;
  'auth.user.updated': UserSnapshot;
  'auth.user.deleted': { userId: string };
  'tests.test.created': TestSnapshot;
  'tests.test.updated': TestSnapshot;
  'tests.test.deleted': { testId: string; userId: string };
  'billing.premium.purchased': {
    userId: string;
    purchaseId: string;
    amount: number;
    currency: string;
    provider: PaymentProviderName;
    couponId: string | null;
  };
}

export type UserRegisteredEvent = EventPayloads['auth.user.registered'];
export type UserUpdatedEvent = EventPayloads['auth.user.updated'];
export type UserDeletedEvent = EventPayloads['auth.user.deleted'];
export type TestCreatedEvent = EventPayloads['tests.test.created'];
export type TestUpdatedEvent = EventPayloads['tests.test.updated'];
export type TestDeletedEvent = EventPayloads['tests.test.deleted'];
export type PremiumPurchasedEvent = EventPayloads['billing.premium.purchased'];

export interface EventEnvelope<S extends EventSubject = EventSubject> {
  /** Unique per event; also the JetStream message id, so a re-publish is deduplicated. */
  id: string;
  subject: S;
  /** ISO timestamp of the change. */
  occurredAt: string;
  data: EventPayloads[S];
}
