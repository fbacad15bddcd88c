/**
 * `outboxPending: true` marks a document the outbox relay has work on: events waiting in its
 * `outbox`, or a soft delete to finish. The relay finds these documents through the field's index
 * (a lookup, not a scan of the collection: docs/adr/0026-indexed-queries-on-ferretdb.md) and
 * unsets it once the outbox is empty. The plugin sets it in the same single-document write that
 * queues an event or soft-deletes, so the flag and the work never come apart.
 */
export const OUTBOX_PENDING = 'outboxPending';

type Update = Record<string, unknown>;

const operand = (update: Update, operator: string): Update | undefined => {
  const value = update[operator];
  return value !== null && typeof value === 'object' ? (value as Update) : undefined;
};

const hasValue = (fields: Update | undefined, field: string): boolean =>
  fields !== undefined && fields[field] !== undefined && fields[field] !== null;

const hasEntries = (value: unknown): boolean => !Array.isArray(value) || value.length > 0;

/**
 * Whether an update (operators, or fields as mongoose reads them as `$set`) or a replacement
 * queues an event (`$push`/`$addToSet` to `outbox`, or a non-empty `outbox` set) or soft-deletes
 * (`deletedAt` set to a value).
 */
export function queuesRelayWork(update: Update): boolean {
  const set = { ...update, ...operand(update, '$set') };
  return (
    hasValue(operand(update, '$push'), 'outbox') ||
    hasValue(operand(update, '$addToSet'), 'outbox') ||
    (hasValue(set, 'outbox') && hasEntries(set.outbox)) ||
    hasValue(set, 'deletedAt')
  );
}
