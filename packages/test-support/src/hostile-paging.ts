/**
 * The hostile `limit` and `cursor` values the question lists answer 400 to (docs/api-paging.md),
 * checked against the questions service and through the gateway.
 */
import { encodeQuestionCursor, PAGING_MESSAGES } from '@mcat/contracts';

/** A place in a list, as a cursor encodes it. */
export const PAGING_PLACE = {
  createdAt: '2025-03-04T05:06:07.089Z',
  id: '0123456789abcdef01234567',
};

export const base64url = (text: string) => Buffer.from(text).toString('base64url');

/** What is sent, the query string, and the message of the 400 it earns. */
export type HostileQuery = [what: string, query: string, message: string];

/** Each of `limits`, each of `cursors` (kind, value) with a good limit, and a cursor alone. */
export const hostilePagingQueries = (
  limits: readonly string[],
  cursors: readonly (readonly [kind: string, cursor: string])[],
): HostileQuery[] => [
  ...limits.map((limit): HostileQuery => [
    `limit ${JSON.stringify(limit.slice(0, 12))}`,
    `limit=${encodeURIComponent(limit)}`,
    PAGING_MESSAGES.limit,
  ]),
  ...cursors.map(([kind, cursor]): HostileQuery => [
    `a cursor that is ${kind}`,
    `limit=10&cursor=${cursor}`,
    PAGING_MESSAGES.cursor,
  ]),
  [
    'a cursor without limit',
    `cursor=${encodeQuestionCursor(PAGING_PLACE)}`,
    PAGING_MESSAGES.cursorWithoutLimit,
  ],
];
