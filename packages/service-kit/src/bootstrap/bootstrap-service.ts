import type { INestApplication } from '@nestjs/common';
import { startEventConsumers } from '../events/event-consumers';
import type { JetStreamConsumerOptions } from '../events/jetstream.server';
import { bootstrapHttp, type HttpBootstrapOptions } from './bootstrap-http';

export interface BootstrapOptions extends HttpBootstrapOptions {
  /**
   * Runs the service's `@EventPattern` handlers as durable JetStream consumers (needs NATS_URL and
   * MONGO_URL); an object tunes retries and dead-lettering.
   */
  consumeEvents?: boolean | JetStreamConsumerOptions;
}

/**
 * The one way a service starts: `bootstrapHttp` (Fastify, logs, errors, metrics, graceful
 * shutdown), with its event consumers started before it listens when it consumes events.
 */
export function bootstrapService(options: BootstrapOptions): Promise<INestApplication> {
  const { consumeEvents, beforeListen } = options;
  return bootstrapHttp({
    ...options,
    beforeListen: async (app) => {
      if (consumeEvents) {
        await startEventConsumers(app, consumeEvents === true ? {} : consumeEvents);
      }
      await beforeListen?.(app);
    },
  });
}
