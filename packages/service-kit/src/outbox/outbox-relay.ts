import { randomUUID } from 'node:crypto';
import {
  Inject,
  Injectable,
  Logger,
  Optional,
  type BeforeApplicationShutdown,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import type { EventEnvelope, EventSubject } from '@mcat/contracts';
import type { Collection, Model, Types } from 'mongoose';
import type { Gauge } from 'prom-client';
import { EventPublisher } from '../events/event-publisher';
import { Metrics } from '../metrics/metrics';
import {
  invalidEntryReason,
  isUnpublishable,
  OUTBOX_DEAD_LETTERS,
  type OutboxDeadLetter,
} from './outbox-dead-letters';
import { onOutboxNudge } from './outbox-nudge';
import { OUTBOX_PENDING } from './outbox-pending';
import type { TraceCarrier } from '../tracing/trace-carrier';

export const OUTBOX_RELAY_OPTIONS = Symbol('OUTBOX_RELAY_OPTIONS');

export interface OutboxRelayOptions {
  /** How often every registered collection is scanned for pending events (default 500 ms). */
  pollIntervalMs?: number;
  /** Longest wait between attempts while NATS does not answer (default 5 s). */
  maxBackoffMs?: number;
  /** Documents read per scan (default 100). */
  batchSize?: number;
}

interface StoredEntry {
  id?: unknown;
  subject?: unknown;
  occurredAt?: unknown;
  data?: unknown;
  /** The trace of the request that wrote it (tracing/trace-carrier.ts); checked when published. */
  trace?: { traceparent?: unknown; requestId?: unknown };
}

/**
 * The relay's backlog on /metrics, per collection, as its last look at the pending documents
 * found it. The oldest event's age is worked out at each scrape, so it keeps growing while the
 * relay is stuck (a publish waiting on NATS) and the alert on it fires.
 */
class BacklogGauges {
  private readonly events: Gauge<'collection'>;
  /** Per collection, when the oldest waiting event was written (ms), or null when none waits. */
  private readonly oldestWrittenAt = new Map<string, number | null>();

  constructor(metrics: Metrics) {
    this.events = metrics.gauge(
      'outbox_pending_events',
      'Events waiting in the outbox to be published (of up to one batch of documents)',
      ['collection'],
    );
    const oldest = this.oldestWrittenAt;
    metrics.gauge(
      'outbox_oldest_event_age_seconds',
      'Seconds since the oldest event waiting in the outbox was written (0 when none waits)',
      ['collection'],
      function collect(this: Gauge<'collection'>) {
        for (const [collection, writtenAt] of oldest) {
          this.set(
            { collection },
            writtenAt === null ? 0 : Math.max(0, (Date.now() - writtenAt) / 1000),
          );
        }
      },
    );
  }

  /** Records a batch of pending documents, before the relay tries to publish it. */
  record(collection: string, pending: OutboxedDocument[]): void {
    const entries = pending.flatMap((document) => document.outbox ?? []);
    const written = entries
      .map((entry) =>
        entry.occurredAt instanceof Date
          ? entry.occurredAt.getTime()
          : Date.parse(String(entry.occurredAt)),
      )
      .filter((time) => Number.isFinite(time));
    this.events.set({ collection }, entries.length);
    this.oldestWrittenAt.set(collection, written.length > 0 ? Math.min(...written) : null);
  }
}

/** A registered collection and where its unpublishable entries go. */
interface RelayedCollection {
  documents: Collection<OutboxedDocument>;
  deadLetters: Collection<OutboxDeadLetter>;
  /** Set once the documents written before `outboxPending` existed are marked (`markUnmarked`). */
  unmarked: Promise<void> | null;
}

interface OutboxedDocument {
  _id: Types.ObjectId | string | number;
  outbox?: StoredEntry[];
  deletedAt?: Date | null;
  [OUTBOX_PENDING]?: boolean;
}

/** The documents with relay work (outbox-pending.ts): an index lookup, never a scan. */
const PENDING = { [OUTBOX_PENDING]: true } as const;
/** A document whose outbox is empty now (or that has none). */
const NOTHING_QUEUED = { 'outbox.0': { $exists: false } } as const;

const errorText = (error: unknown): string =>
  error instanceof Error ? error.message : String(error);

/** The envelope of an entry `invalidEntryReason` accepted. */
function toEnvelope(entry: StoredEntry): EventEnvelope {
  const occurredAt =
    entry.occurredAt instanceof Date ? entry.occurredAt.toISOString() : String(entry.occurredAt);
  return {
    id: entry.id,
    subject: entry.subject as EventSubject,
    occurredAt,
    data: entry.data,
  } as EventEnvelope;
}

/** The trace stored with an entry, if it has a usable one (else the message has none). */
function storedTrace(entry: StoredEntry): TraceCarrier | undefined {
  const { traceparent, requestId } = entry.trace ?? {};
  if (typeof traceparent !== 'string') return undefined;
  return typeof requestId === 'string' ? { traceparent, requestId } : { traceparent };
}

/**
 * Publishes the events waiting in the `outbox` arrays of the registered models (see
 * `outboxPlugin`), in each document's order, with the event id as JetStream message id; removes
 * each published entry with `$pullAll` of exactly the stored value; deletes soft-deleted documents
 * with nothing left to publish, and unsets `outboxPending` on the others. It looks for documents
 * marked `outboxPending` (an index lookup) every `pollIntervalMs` and right after each write
 * through a registered model. While NATS is unreachable it keeps the entries and retries with
 * backoff.
 *
 * Several replicas may run it at once: an entry published twice (by two replicas, or again after a
 * crash before its removal) is dropped by JetStream's duplicate window, and past that window by the
 * consumers' processed-event check. Each message carries the trace stored with its entry (the
 * request that wrote it), not the relay's. Delivery stays at least once; nothing is published before its
 * write is stored, and nothing stored is removed before JetStream has acknowledged it.
 *
 * An entry that can never be published as it is (malformed, an unknown subject, larger than NATS
 * takes: see `outbox-dead-letters.ts`) is copied to the service's `outbox_dead_letters` collection
 * with its error, then removed from the outbox, so it does not block the events behind it;
 * `outbox-dead-letters.cli.ts` lists and replays them (docs/operations.md).
 */
@Injectable()
export class OutboxRelay implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('outbox');
  private readonly collections = new Map<string, RelayedCollection>();
  private readonly pollIntervalMs: number;
  private readonly maxBackoffMs: number;
  private readonly batchSize: number;
  private passes: Promise<void> = Promise.resolve();
  private loop: Promise<void> | null = null;
  private stopped = false;
  private nudged = false;
  private wake: (() => void) | null = null;
  private failures = 0;
  private readonly backlog: BacklogGauges | null;

  constructor(
    private readonly publisher: EventPublisher,
    @Optional() @Inject(OUTBOX_RELAY_OPTIONS) options: OutboxRelayOptions | null = null,
    @Optional() @Inject(Metrics) metrics: Metrics | null = null,
  ) {
    this.backlog = metrics ? new BacklogGauges(metrics) : null;
    this.pollIntervalMs = options?.pollIntervalMs ?? 500;
    this.maxBackoffMs = options?.maxBackoffMs ?? 5000;
    this.batchSize = options?.batchSize ?? 100;
  }

  /** Relays the outbox of a model whose schema uses `outboxPlugin` (call once, e.g. in a constructor). */
  register<T>(model: Model<T>): void {
    const name = model.collection.collectionName;
    if (this.collections.has(name)) return;
    const relayed: RelayedCollection = {
      documents: model.db.collection<OutboxedDocument>(name),
      deadLetters: model.db.collection<OutboxDeadLetter>(OUTBOX_DEAD_LETTERS),
      unmarked: null,
    };
    this.collections.set(name, relayed);
    onOutboxNudge(model, () => this.nudge());
    this.nudge();
  }

  /** Runs a pass as soon as possible (writes through a registered model do this themselves). */
  nudge(): void {
    this.nudged = true;
    this.wake?.();
  }

  /** Publishes everything pending now; rejects if NATS or the database fails. */
  flush(): Promise<void> {
    const pass = this.passes.then(() => this.relayAll());
    this.passes = pass.catch(() => undefined);
    return pass;
  }

  onApplicationBootstrap(): void {
    this.loop ??= this.run();
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.stopped = true;
    this.wake?.();
    await this.loop;
  }

  private async run(): Promise<void> {
    while (!this.stopped) {
      this.nudged = false;
      let delay = this.pollIntervalMs;
      try {
        await this.flush();
        if (this.failures > 0) this.logger.log('Outbox relay publishing again');
        this.failures = 0;
      } catch (error) {
        this.failures += 1;
        delay = Math.min(this.pollIntervalMs * 2 ** this.failures, this.maxBackoffMs);
        if (this.failures === 1 || this.failures % 20 === 0) {
          this.logger.warn(
            `Outbox relay cannot publish (${errorText(error)}); events stay in the outbox, retrying`,
          );
        }
      }
      if (!this.nudged || this.failures > 0) await this.sleep(delay);
    }
  }

  private sleep(ms: number): Promise<void> {
    if (this.stopped) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.wake = null;
        resolve();
      }, ms);
      this.wake = () => {
        clearTimeout(timer);
        this.wake = null;
        resolve();
      };
    });
  }

  private async relayAll(): Promise<void> {
    for (const collection of this.collections.values()) {
      await this.relayCollection(collection);
    }
  }

  private async relayCollection(relayed: RelayedCollection): Promise<void> {
    relayed.unmarked ??= markUnmarked(relayed.documents).catch((error: unknown) => {
      relayed.unmarked = null;
      throw error;
    });
    await relayed.unmarked;
    const collection = relayed.documents;
    for (let batch = 0; ; batch += 1) {
      const pending = await collection
        .find(PENDING, { projection: { outbox: 1, deletedAt: 1 } })
        .limit(this.batchSize)
        .toArray();
      if (batch === 0) this.backlog?.record(collection.collectionName, pending);
      let progress = 0;
      for (const document of pending) {
        progress += await this.relayDocument(relayed, document);
        progress += await settle(collection, document);
      }
      if (pending.length < this.batchSize || progress === 0) break;
    }
  }

  /**
   * Publishes a document's entries in order, dead-lettering the unpublishable ones; removes those
   * done even if a later one fails.
   */
  private async relayDocument(
    { documents: collection, deadLetters }: RelayedCollection,
    document: OutboxedDocument,
  ): Promise<number> {
    const done: StoredEntry[] = [];
    const deadLetter = async (entry: StoredEntry, error: string) => {
      const id = typeof entry.id === 'string' && entry.id !== '' ? entry.id : randomUUID();
      await deadLetters.updateOne(
        { _id: id },
        {
          $setOnInsert: {
            collection: collection.collectionName,
            documentId: String(document._id),
            entry,
            error,
            failedAt: new Date(),
          },
        },
        { upsert: true },
      );
      this.logger.error(
        `Outbox event ${id} of ${collection.collectionName} ${String(document._id)} cannot be ` +
          `published (${error}); kept in outbox_dead_letters, the outbox goes on`,
      );
    };
    try {
      for (const entry of document.outbox ?? []) {
        const invalid = invalidEntryReason(entry);
        if (invalid) {
          await deadLetter(entry, invalid);
        } else {
          try {
            await this.publisher.publish(toEnvelope(entry), {
              timeoutMs: 3000,
              trace: storedTrace(entry),
            });
          } catch (error) {
            if (!isUnpublishable(error)) throw error;
            await deadLetter(entry, errorText(error));
          }
        }
        done.push(entry);
      }
    } finally {
      if (done.length > 0) {
        await collection.updateOne({ _id: document._id }, { $pullAll: { outbox: done } } as Record<
          string,
          unknown
        >);
      }
    }
    return done.length;
  }
}

/**
 * Once a document's outbox is empty: deletes it if it is soft-deleted, else unsets its
 * `outboxPending`. Both only while nothing new is queued (a write racing the relay keeps its
 * mark, and the next pass sees it). Answers 1 if the document left the pending set.
 */
async function settle(
  collection: Collection<OutboxedDocument>,
  { _id, deletedAt }: OutboxedDocument,
): Promise<number> {
  if (deletedAt != null) {
    const { deletedCount } = await collection.deleteOne({
      _id,
      deletedAt: { $ne: null },
      ...NOTHING_QUEUED,
    });
    if (deletedCount === 1) return 1;
  }
  const { modifiedCount } = await collection.updateOne(
    { _id, ...NOTHING_QUEUED },
    { $unset: { [OUTBOX_PENDING]: '' } },
  );
  return modifiedCount;
}

/**
 * Marks the documents an older version left with events queued, or soft-deleted, before it wrote
 * `outboxPending` (an upgrade, a crash before the relay ran). One scan of the collection when a
 * process starts relaying it; every pass after that is an index lookup.
 */
async function markUnmarked(collection: Collection<OutboxedDocument>): Promise<void> {
  await collection.updateMany(
    {
      [OUTBOX_PENDING]: { $exists: false },
      $or: [{ 'outbox.0': { $exists: true } }, { deletedAt: { $ne: null } }],
    },
    { $set: { [OUTBOX_PENDING]: true } },
  );
}
