import { DEAD_LETTER_STREAM, EVENT_STREAMS } from '@mcat/contracts';
import {
  DiscardPolicy,
  NatsError,
  RetentionPolicy,
  StorageType,
  nanos,
  type JetStreamManager,
  type StreamConfig,
} from 'nats';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * How long JetStream remembers a message id: a relay that published an entry but crashed (or lost
 * NATS) before removing it from the outbox re-publishes it within this window as a no-op.
 */
export const DUPLICATE_WINDOW_MS = 15 * 60 * 1000;

/** EVENT_STREAM_REPLICAS when unset: one copy, all a single NATS server can hold. */
export const DEFAULT_EVENT_STREAM_REPLICAS = 1;

/** Injection token: the `EventStreamOptions` of the process (from EVENT_STREAM_REPLICAS). */
export const EVENT_STREAM_OPTIONS = Symbol('EVENT_STREAM_OPTIONS');

const STREAM_NOT_FOUND = 10059;

export interface EventStreamOptions {
  /**
   * Replicas of a stream this creates (EVENT_STREAM_REPLICAS; default 1). An existing stream is
   * never lowered to it: one an operator gave more keeps them.
   */
  replicas?: number;
  /** Where to say that an existing stream keeps more replicas than `replicas` (default: nowhere). */
  log?: (message: string) => void;
}

type EventStreamConfig = Partial<StreamConfig> & { name: string; subjects: string[] };

function streamConfig(
  stream: { name: string; subjects: readonly string[] },
  maxAgeMs: number,
  replicas: number,
): EventStreamConfig {
  return {
    name: stream.name,
    subjects: [...stream.subjects],
    retention: RetentionPolicy.Limits,
    storage: StorageType.File,
    discard: DiscardPolicy.Old,
    max_age: nanos(maxAgeMs),
    duplicate_window: nanos(DUPLICATE_WINDOW_MS),
    num_replicas: replicas,
  };
}

/**
 * Every stream the services use, as created new: one per publishing service (kept 30 days) and
 * the dead letters (90 days), each with `replicas` copies.
 */
export const eventStreamConfigs = (
  replicas: number = DEFAULT_EVENT_STREAM_REPLICAS,
): EventStreamConfig[] => [
  ...EVENT_STREAMS.map((stream) => streamConfig(stream, 30 * DAY_MS, replicas)),
  streamConfig(DEAD_LETTER_STREAM, 90 * DAY_MS, replicas),
];

/**
 * Creates the streams that are missing and brings existing ones to the current settings, adding
 * only (docs/adr/0028-migrations-only-add.md): an existing stream keeps its replicas when it has
 * more than configured (an operator's three on a three-node NATS survive every migration and
 * start), and keeps the subjects it has besides the configured ones (an older version's pods,
 * still serving during an upgrade or back after a rollback, go on publishing to them). Settings
 * this does not name (limits an operator added) are kept as they are.
 */
export async function ensureEventStreams(
  jsm: JetStreamManager,
  { replicas = DEFAULT_EVENT_STREAM_REPLICAS, log }: EventStreamOptions = {},
): Promise<void> {
  for (const config of eventStreamConfigs(replicas)) {
    let existing: StreamConfig;
    try {
      existing = (await jsm.streams.info(config.name)).config;
    } catch (error) {
      if (!(error instanceof NatsError) || error.api_error?.err_code !== STREAM_NOT_FOUND) {
        throw error;
      }
      await jsm.streams.add(config);
      continue;
    }
    const current = existing.num_replicas || 1;
    if (current > replicas) {
      log?.(
        `Stream ${config.name} keeps its ${current} replicas, more than EVENT_STREAM_REPLICAS (${replicas}): a stream's replicas are never lowered`,
      );
    }
    await jsm.streams.update(config.name, {
      ...config,
      subjects: [...new Set([...(existing.subjects ?? []), ...config.subjects])],
      num_replicas: Math.max(current, replicas),
    });
  }
}
