import type {
  Aggregate,
  Model,
  MongooseQueryMiddleware,
  PipelineStage,
  Query,
  Schema,
} from 'mongoose';
import { outboxEntrySchema } from './outbox-entry';
import { nudgeOutbox } from './outbox-nudge';
import { OUTBOX_PENDING, queuesRelayWork } from './outbox-pending';

/** Queries that only see live documents unless their filter names `deletedAt` itself. */
const LIVE_ONLY_QUERIES: MongooseQueryMiddleware[] = [
  'find',
  'findOne',
  'countDocuments',
  'distinct',
  'findOneAndUpdate',
  'findOneAndReplace',
  'updateOne',
  'updateMany',
  'replaceOne',
];

/** Writes that may have queued events: the relay is woken after each. */
const WRITE_QUERIES: MongooseQueryMiddleware[] = [
  'findOneAndUpdate',
  'findOneAndReplace',
  'updateOne',
  'updateMany',
  'replaceOne',
];

type AnyQuery = Query<unknown, unknown>;
type ToJSONTransform = (doc: unknown, ret: Record<string, unknown>, options: unknown) => unknown;

/**
 * Makes a schema "outboxed":
 * - `outbox` (not selected by default): the events of the document's changes not yet published;
 *   the change and its events are written in one single-document write.
 * - `deletedAt` (null while live): a delete is `{ $set: { deletedAt: new Date() }, $push: { outbox } }`;
 *   the relay removes the document once its events are published.
 * - `outboxPending` (not selected by default, indexed): set by the same write that queues an event
 *   or soft-deletes (saves, inserts, updates, replacements), so the relay finds the documents it
 *   has work on through an index (outbox-pending.ts).
 * - finds, counts, distinct, updates and aggregations see only `deletedAt: null`, unless the filter
 *   (or the first `$match`) names `deletedAt` itself.
 * - after a save or an update the registered OutboxRelay is woken at once.
 * - `toJSON` leaves the three fields out. Apply it to each schema (`schema.plugin(outboxPlugin)`),
 *   after setting the schema's own `toJSON` options.
 */
export function outboxPlugin(schema: Schema): void {
  schema.add({
    outbox: { type: [outboxEntrySchema], default: [], select: false },
    deletedAt: { type: Date, default: null },
    [OUTBOX_PENDING]: { type: Boolean, select: false },
  });
  schema.index({ [OUTBOX_PENDING]: 1 }, { sparse: true });

  schema.pre('save', function () {
    if (
      queuesRelayWork({ outbox: this.get('outbox') as unknown, deletedAt: this.get('deletedAt') })
    ) {
      this.set(OUTBOX_PENDING, true);
    }
  });
  schema.pre('insertMany', function (next, docs: unknown) {
    for (const doc of Array.isArray(docs) ? (docs as Record<string, unknown>[]) : []) {
      if (queuesRelayWork(doc)) doc[OUTBOX_PENDING] = true;
    }
    next();
  });
  schema.pre(WRITE_QUERIES, function (this: AnyQuery) {
    const update = this.getUpdate() as Record<string, unknown> | null;
    if (!update || Array.isArray(update) || !queuesRelayWork(update)) return;
    // A replacement, or fields mongoose reads as `$set`: the flag goes beside them.
    if (Object.keys(update).some((key) => key.startsWith('$'))) this.set(OUTBOX_PENDING, true);
    else update[OUTBOX_PENDING] = true;
  });

  schema.pre(LIVE_ONLY_QUERIES, function (this: AnyQuery) {
    if (!Object.hasOwn(this.getFilter(), 'deletedAt')) this.where({ deletedAt: null });
  });
  schema.pre('aggregate', function (this: Aggregate<unknown>) {
    const pipeline = this.pipeline();
    const first: PipelineStage | undefined = pipeline[0];
    if (first && '$match' in first && Object.hasOwn(first.$match, 'deletedAt')) return;
    pipeline.unshift({ $match: { deletedAt: null } });
  });

  schema.post('save', function (doc: { constructor: object }) {
    nudgeOutbox(doc.constructor);
  });
  schema.post('insertMany', function (this: Model<unknown>) {
    nudgeOutbox(this);
  });
  schema.post(WRITE_QUERIES, function (this: AnyQuery) {
    nudgeOutbox(this.model);
  });

  const toJSON = (schema.get('toJSON') ?? {}) as { transform?: ToJSONTransform | boolean };
  const previous = toJSON.transform;
  schema.set('toJSON', {
    ...toJSON,
    transform(doc: unknown, ret: Record<string, unknown>, options: unknown) {
      delete ret.outbox;
      delete ret.deletedAt;
      delete ret[OUTBOX_PENDING];
      return typeof previous === 'function' ? previous(doc, ret, options) : ret;
    },
  });
}
