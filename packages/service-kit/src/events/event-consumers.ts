import type { INestApplication } from '@nestjs/common';
import { getConnectionToken } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import type { NatsConnection } from 'nats';
import { NATS_CONNECTION } from '../infra/nats';
import { Metrics } from '../metrics/metrics';
import { SERVICE_NAME } from '../service-kit.module';
import { eventMetrics } from './event-metrics';
import { EVENT_STREAM_OPTIONS, type EventStreamOptions } from './event-streams';
import { JetStreamServer, type JetStreamConsumerOptions } from './jetstream.server';
import { ProcessedEventStore } from './processed-events';

/**
 * Starts the service's `@EventPattern` handlers on JetStream, sharing the app's NATS connection
 * and recording handled event ids in the service's database. Needs NATS_URL and MONGO_URL.
 * Consumers stop (the handler in progress finishes) when the app closes, before NATS is drained.
 */
export async function startEventConsumers(
  app: INestApplication,
  options: JetStreamConsumerOptions = {},
): Promise<JetStreamServer> {
  const strategy = new JetStreamServer({
    ...options,
    service: app.get<string>(SERVICE_NAME),
    connection: app.get<NatsConnection>(NATS_CONNECTION),
    processedEvents: new ProcessedEventStore(app.get<Connection>(getConnectionToken())),
    metrics: eventMetrics(app.get(Metrics)),
    streams: app.get<EventStreamOptions>(EVENT_STREAM_OPTIONS),
  });
  app.connectMicroservice({ strategy }, { inheritAppConfig: true });
  await app.startAllMicroservices();
  return strategy;
}
