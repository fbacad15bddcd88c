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

const STREAM_NOT_FOUND = 10059;

function streamConfig(
  stream: { name: string; subjects: readonly string[] },
  maxAgeMs: number,
): Partial<StreamConfig> & { name: string } {
  return {
    name: stream.name,
    subjects: [...stream.subjects],
    retention: RetentionPolicy.Limits,
    storage: StorageType.File,
    discard: DiscardPolicy.Old,
    max_age: nanos(maxAgeMs),
    duplicate_window: nanos(DUPLICATE_WINDOW_MS),
    num_replicas: 1,
  };
}

/** Every stream the services use: one per publishing service (kept 30 days) and the dead letters (90 days). */
export const eventStreamConfigs = (): (Partial<StreamConfig> & { name: string })[] => [
  ...EVENT_STREAMS.map((stream) => streamConfig(stream, 30 * DAY_MS)),
  streamConfig(DEAD_LETTER_STREAM, 90 * DAY_MS),
];

/** Creates the streams that are missing and brings existing ones to the current settings. */
export async function ensureEventStreams(jsm: JetStreamManager): Promise<void> {
  for (const config of eventStreamConfigs()) {
    try {
      await jsm.streams.info(config.name);
      await jsm.streams.update(config.name, config);
    } catch (error) {
      if (!(error instanceof NatsError) || error.api_error?.err_code !== STREAM_NOT_FOUND) {
        throw error;
      }
      await jsm.streams.add(config);
    }
  }
}
