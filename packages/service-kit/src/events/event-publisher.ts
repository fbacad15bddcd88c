import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import type { EventEnvelope } from '@mcat/contracts';
import type { JetStreamClient, NatsConnection, PubAck } from 'nats';
import { NATS_CONNECTION } from '../infra/nats';
import { Metrics } from '../metrics/metrics';
import { encodeEnvelope } from './event-envelope';
import { eventMetrics, type EventMetrics } from './event-metrics';
import { EVENT_STREAM_OPTIONS, ensureEventStreams, type EventStreamOptions } from './event-streams';
import { traceMessageHeaders } from './event-trace-headers';
import { traceCarrier, type TraceCarrier } from '../tracing/trace-carrier';

/**
 * Publishes an envelope to JetStream with the envelope id as message id, so publishing the same
 * event again within the duplicate window is a no-op. Every service that publishes (every one with
 * NATS) creates or updates the streams when it starts, as consumers do (EVENT_STREAM_REPLICAS
 * copies for a new one; an existing one never loses any), so a stream exists before its first
 * event; a failure then is logged and the first publish tries again, as it does after any failure
 * (in case NATS came back without them). Prefer the outbox for events that record a
 * database change: a direct publish is lost if NATS is down.
 *
 * The message carries the trace that caused it in its headers (`traceparent`, `x-request-id`):
 * the one given (an outbox entry's, stored when it was written; `undefined`: none), else the
 * current one.
 */
@Injectable()
export class EventPublisher implements OnApplicationBootstrap {
  private readonly logger = new Logger('events');
  private readonly js: JetStreamClient;
  private readonly metrics: EventMetrics;
  private streamsReady: Promise<void> | null = null;

  private readonly streamOptions: EventStreamOptions;

  constructor(
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    metrics: Metrics,
    @Inject(EVENT_STREAM_OPTIONS) streamOptions: EventStreamOptions,
  ) {
    this.js = nc.jetstream();
    this.metrics = eventMetrics(metrics);
    this.streamOptions = { ...streamOptions, log: (message) => this.logger.log(message) };
  }

  async onApplicationBootstrap(): Promise<void> {
    try {
      await this.ensureStreams();
    } catch (error) {
      this.streamsReady = null;
      this.logger.warn(
        `Event streams not ensured at start, retried on first publish: ${String(error)}`,
      );
    }
  }

  async publish(
    envelope: EventEnvelope,
    options: { timeoutMs?: number; trace?: TraceCarrier | undefined } = {},
  ): Promise<PubAck> {
    try {
      await this.ensureStreams();
      const trace = 'trace' in options ? options.trace : traceCarrier();
      const traceHeaders = traceMessageHeaders(trace);
      const ack = await this.js.publish(envelope.subject, encodeEnvelope(envelope), {
        msgID: envelope.id,
        timeout: options.timeoutMs ?? 5000,
        ...(traceHeaders ? { headers: traceHeaders } : {}),
      });
      if (!ack.duplicate) this.metrics.published.inc({ subject: envelope.subject });
      return ack;
    } catch (error) {
      this.streamsReady = null;
      throw error;
    }
  }

  private ensureStreams(): Promise<void> {
    this.streamsReady ??= this.nc
      .jetstreamManager()
      .then((jsm) => ensureEventStreams(jsm, this.streamOptions));
    return this.streamsReady;
  }
}
