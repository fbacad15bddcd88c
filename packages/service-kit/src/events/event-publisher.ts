import { Inject, Injectable } from '@nestjs/common';
import type { EventEnvelope } from '@mcat/contracts';
import type { JetStreamClient, NatsConnection, PubAck } from 'nats';
import { NATS_CONNECTION } from '../infra/nats';
import { Metrics } from '../metrics/metrics';
import { encodeEnvelope } from './event-envelope';
import { eventMetrics, type EventMetrics } from './event-metrics';
import { ensureEventStreams } from './event-streams';

/**
 * Publishes an envelope to JetStream with the envelope id as message id, so publishing the same
 * event again within the duplicate window is a no-op. The streams are created on first use (and
 * again after a failure, in case NATS came back without them). Prefer the outbox for events that
 * record a database change: a direct publish is lost if NATS is down.
 */
@Injectable()
export class EventPublisher {
  private readonly js: JetStreamClient;
  private readonly metrics: EventMetrics;
  private streamsReady: Promise<void> | null = null;

  constructor(
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    metrics: Metrics,
  ) {
    this.js = nc.jetstream();
    this.metrics = eventMetrics(metrics);
  }

  async publish(envelope: EventEnvelope, options: { timeoutMs?: number } = {}): Promise<PubAck> {
    try {
      await this.ensureStreams();
      const ack = await this.js.publish(envelope.subject, encodeEnvelope(envelope), {
        msgID: envelope.id,
        timeout: options.timeoutMs ?? 5000,
      });
      if (!ack.duplicate) this.metrics.published.inc({ subject: envelope.subject });
      return ack;
    } catch (error) {
      this.streamsReady = null;
      throw error;
    }
  }

  private ensureStreams(): Promise<void> {
    this.streamsReady ??= this.nc.jetstreamManager().then(ensureEventStreams);
    return this.streamsReady;
  }
}
