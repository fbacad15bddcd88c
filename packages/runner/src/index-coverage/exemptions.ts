/**
 * The query shapes no index serves, on purpose: each can neither lead with a bounded field nor be
 * made to without changing what it does, and each is rare or reads a collection that stays small.
 * Keep it short; a new entry needs its reason (docs/adr/0027-index-coverage.md).
 */
import type { Exemption } from './index-coverage';

export const INDEX_EXEMPTIONS: readonly Exemption[] = [
  {
    filter: {
      $or: [{ 'outbox.0': { $exists: 'boolean' } }, { deletedAt: { $ne: 'null' } }],
      outboxPending: { $exists: 'boolean' },
    },
    reason:
      'The outbox relay marks the documents an older version left without outboxPending ' +
      '(outbox-relay.ts, markUnmarked): once per outboxed collection when a process starts, by ' +
      'design (ADR 0004). A sparse index holds no key for a missing field.',
  },
  {
    collection: 'outbox_dead_letters',
    filter: { 'entry.data.userId': 'string' },
    reason:
      'Account erasure deletes the events about the person the relay could never publish ' +
      '(erase-user-documents.ts). The collection holds only those, kept for an operator: empty ' +
      'but for incidents.',
  },
  {
    collection: 'billing_events',
    filter: { email: { $regex: 'regex' } },
    reason:
      "The billing staff's search by part of an e-mail (ADR 0010): a substring bounds no " +
      'index. Staff only; the page itself follows the sort index, only its count reads all.',
  },
  {
    collection: 'payments',
    filter: { email: { $regex: 'regex' } },
    reason: 'As for billing_events: the staff search by part of an e-mail.',
  },
];
