import { Logger } from '@nestjs/common';
import { Server, type CustomTransportStrategy, type MessageHandler } from '@nestjs/microservices';
import type { EventEnvelope } from '@mcat/contracts';
import {
  AckPolicy,
  DeliverPolicy,
  NatsError,
  nanos,
  type ConsumerConfig,
  type ConsumerMessages,
  type JetStreamClient,
  type JetStreamManager,
  type JsMsg,
  type NatsConnection,
} from 'nats';
import { lastValueFrom } from 'rxjs';
import { consumerName } from './consumer-name';
import { publishDeadLetter } from './dead-letter';
import { decodeEnvelope } from './event-envelope';
import { traceCarrierOf } from './event-trace-headers';
import type { EventMetrics } from './event-metrics';
import { ensureEventStreams, type EventStreamOptions } from './event-streams';
import { lostConsumer } from './lost-consumer';
import { retryJetStreamStart } from './jetstream-start-retry';
import { JetStreamContext } from './jetstream.context';
import type { ProcessedEventStore } from './processed-events';
import { runInCarriedTrace } from '../tracing/trace-carrier';

export const JETSTREAM_TRANSPORT = Symbol('JETSTREAM');

const CONSUMER_NOT_FOUND = 10014;

export interface JetStreamConsumerOptions {
  /** Deliveries before a failing event is dead-lettered (default 5). */
  maxDeliveries?: number;
  /** Wait before redelivery after the 1st, 2nd… failure; the last value repeats (default 1 s, 5 s, 15 s, 30 s). */
  retryDelaysMs?: readonly number[];
  /** A delivery not acknowledged within this time is redelivered (default 30 s). */
  ackWaitMs?: number;
  /** Messages pulled ahead per consumer (default 10). */
  prefetch?: number;
  /**
   * Lifetime of each pull request (default 5 s). It also bounds how long a consumer takes to
   * resume after NATS restarts: the client re-pulls after missed heartbeats (half of it).
   */
  pullExpiresMs?: number;
}

export interface JetStreamServerOptions extends JetStreamConsumerOptions {
  /** Names the durable consumers: `<service>-<subject>`. */
  service: string;
  connection: NatsConnection;
  processedEvents: ProcessedEventStore;
  metrics: EventMetrics;
  /** How the streams are created at start (EVENT_STREAM_REPLICAS); default one replica. */
  streams?: EventStreamOptions;
}

interface ConsumerRoute {
  consumer: string;
  subject: string;
  handler: MessageHandler<EventEnvelope, JetStreamContext, unknown>;
}

interface RunningConsumer {
  messages: ConsumerMessages;
  loop: Promise<void>;
}

const describeError = (error: unknown): string => {
  if (error instanceof Error) return error.message || error.name;
  if (typeof error === 'object' && error !== null && 'message' in error) {
    return String(error.message);
  }
  return String(error);
};

/**
 * A @nestjs/microservices transport on NATS JetStream. Every `@EventPattern(subject)` handler gets
 * a durable pull consumer `<service>-<subject>` (shared by the service's replicas) and receives
 * the `EventEnvelope`. A delivery is acknowledged after the handler succeeds; a failure is
 * redelivered after a growing delay; after `maxDeliveries` the message goes to
 * `deadLetterSubject(consumer, subject)` and is terminated. An event id the consumer has handled
 * before is acknowledged without calling the handler.
 *
 * Each delivery is handled inside the trace its message carries (`traceparent` and `x-request-id`
 * headers, set by the publisher), with a span of its own: the handler's log lines, and the events
 * and calls it makes, carry the trace id and request id of the request that caused the event.
 * `event_lag_seconds` times publish to successful handling per consumer.
 */
export class JetStreamServer extends Server implements CustomTransportStrategy {
  override readonly transportId = JETSTREAM_TRANSPORT;
  private readonly events = new Logger('events');
  private readonly running: RunningConsumer[] = [];
  private closing = false;
  private readonly maxDeliveries: number;
  private readonly retryDelaysMs: readonly number[];

  constructor(private readonly options: JetStreamServerOptions) {
    super();
    this.maxDeliveries = Math.max(1, options.maxDeliveries ?? 5);
    this.retryDelaysMs = options.retryDelaysMs?.length
      ? options.retryDelaysMs
      : [1000, 5000, 15000, 30000];
  }

  listen(callback: (error?: unknown) => void): void {
    this.start().then(
      () => callback(),
      (error: unknown) => callback(error),
    );
  }

  /** Stops pulling, lets the handler in progress finish, and leaves the rest for redelivery. */
  async close(): Promise<void> {
    this.closing = true;
    const running = this.running.splice(0);
    await Promise.all(running.map(({ messages }) => messages.close()));
    await Promise.all(running.map(({ loop }) => loop));
  }

  on(): never {
    throw new Error('The JetStream transport has no events to listen to');
  }

  unwrap<T>(): T {
    return this.options.connection as unknown as T;
  }

  private async start(): Promise<void> {
    const nc = this.options.connection;
    const log = (message: string) => this.events.warn(message);
    const jsm = await retryJetStreamStart('JetStream API', () => nc.jetstreamManager(), log);
    await retryJetStreamStart(
      'Event streams',
      () =>
        ensureEventStreams(jsm, {
          ...this.options.streams,
          log: (message) => this.events.log(message),
        }),
      log,
    );
    const js = nc.jetstream();
    for (const [pattern, handler] of this.getHandlers()) {
      if (!handler.isEventHandler) {
        this.events.warn(
          `@MessagePattern(${pattern}) ignored: the JetStream transport carries events only`,
        );
        continue;
      }
      const route: ConsumerRoute = {
        consumer: consumerName(this.options.service, pattern),
        subject: pattern,
        handler,
      };
      const consumer = await retryJetStreamStart(
        `Consumer ${route.consumer}`,
        async () => js.consumers.get(await this.ensureConsumer(jsm, route), route.consumer),
        log,
      );
      const messages = await consumer.consume({
        max_messages: this.options.prefetch ?? 10,
        expires: this.options.pullExpiresMs ?? 5000,
      });
      this.running.push({ messages, loop: this.consume(js, route, messages) });
      void lostConsumer(messages).then((reason) => reason && this.exitOnLost(route, reason));
      this.events.log(`Consuming ${route.subject} as ${route.consumer}`);
    }
  }

  /** Creates the durable consumer, or brings an existing one to the current settings. */
  private async ensureConsumer(jsm: JetStreamManager, route: ConsumerRoute): Promise<string> {
    const stream = await jsm.streams.find(route.subject);
    const settings: Partial<ConsumerConfig> = {
      ack_wait: nanos(this.options.ackWaitMs ?? 30_000),
      max_deliver: -1,
      max_ack_pending: 1000,
    };
    try {
      await jsm.consumers.info(stream, route.consumer);
      await jsm.consumers.update(stream, route.consumer, settings);
    } catch (error) {
      if (!(error instanceof NatsError) || error.api_error?.err_code !== CONSUMER_NOT_FOUND) {
        throw error;
      }
      await jsm.consumers.add(stream, {
        ...settings,
        durable_name: route.consumer,
        filter_subject: route.subject,
        ack_policy: AckPolicy.Explicit,
        deliver_policy: DeliverPolicy.All,
      });
    }
    return stream;
  }

  private async consume(
    js: JetStreamClient,
    route: ConsumerRoute,
    messages: ConsumerMessages,
  ): Promise<void> {
    try {
      for await (const msg of messages) {
        if (this.closing) {
          msg.nak();
          continue;
        }
        try {
          await this.process(js, route, msg);
        } catch (error) {
          this.events.error(`${route.consumer}: ${describeError(error)}`);
          msg.nak(this.retryDelay(msg.info.redeliveryCount));
        }
      }
    } catch (error) {
      this.exitOnLost(route, `failed (${describeError(error)})`);
      return;
    }
    this.exitOnLost(route, 'stopped receiving messages');
  }

  /**
   * A consumer that stopped while the service was not closing leaves the service deaf to its
   * events while it still answers HTTP: a fatal error. The process exits non-zero so that the
   * runner (docs/adr/0017-supervision.md) or the kubelet starts it again, and the new process
   * recreates the durable consumer at start; events are handled once (processed_events).
   */
  private exitOnLost(route: ConsumerRoute, reason: string): void {
    if (this.closing) return;
    this.events.error(
      `Consumer ${route.consumer} ${reason}: no ${route.subject} event would be handled any more; ` +
        'exiting (code 1) to be started again',
    );
    process.exit(1);
  }

  private process(js: JetStreamClient, route: ConsumerRoute, msg: JsMsg): Promise<void> {
    return runInCarriedTrace(`handle ${route.subject}`, traceCarrierOf(msg.headers), () =>
      this.handle(js, route, msg),
    );
  }

  private async handle(js: JetStreamClient, route: ConsumerRoute, msg: JsMsg): Promise<void> {
    const labels = { consumer: route.consumer, subject: route.subject };
    const envelope = decodeEnvelope(msg.data);
    if (!envelope) {
      await this.giveUp(js, route, msg, 'The message is not an event envelope');
      return;
    }
    try {
      if (await this.options.processedEvents.has(route.consumer, envelope.id)) {
        msg.ack();
        this.options.metrics.duplicatesDropped.inc(labels);
        return;
      }
      await this.invoke(route.handler, envelope, new JetStreamContext([msg, route.consumer]));
      await this.options.processedEvents.record(route.consumer, envelope.id);
      msg.ack();
      this.options.metrics.handled.inc(labels);
      const lagSeconds = Math.max(0, Date.now() - msg.info.timestampNanos / 1e6) / 1000;
      this.options.metrics.lag.observe({ consumer: route.consumer }, lagSeconds);
      this.events.log(
        `${route.consumer}: handled event ${envelope.id} (${route.subject}) ${Math.round(lagSeconds * 1000)} ms after it was published`,
      );
    } catch (error) {
      this.options.metrics.failed.inc(labels);
      const deliveries = msg.info.redeliveryCount;
      const reason = describeError(error);
      if (deliveries >= this.maxDeliveries) {
        await this.giveUp(js, route, msg, reason);
        return;
      }
      const delay = this.retryDelay(deliveries);
      this.events.warn(
        `${route.consumer}: event ${envelope.id} failed (delivery ${deliveries} of ${this.maxDeliveries}), retrying in ${delay} ms: ${reason}`,
      );
      msg.nak(delay);
    }
  }

  /** Calls every handler of the subject (several controllers may handle one event), in order. */
  private async invoke(
    handler: MessageHandler<EventEnvelope, JetStreamContext, unknown>,
    envelope: EventEnvelope,
    context: JetStreamContext,
  ): Promise<void> {
    let current: MessageHandler<EventEnvelope, JetStreamContext, unknown> | undefined = handler;
    while (current) {
      const result: unknown = await current(envelope, context);
      await lastValueFrom(this.transformToObservable(result), { defaultValue: undefined });
      current = current.next as
        MessageHandler<EventEnvelope, JetStreamContext, unknown> | undefined;
    }
  }

  private async giveUp(
    js: JetStreamClient,
    route: ConsumerRoute,
    msg: JsMsg,
    reason: string,
  ): Promise<void> {
    try {
      await publishDeadLetter(js, msg, route.consumer, reason);
    } catch (error) {
      this.events.error(
        `${route.consumer}: could not dead-letter message ${msg.seq}, retrying: ${describeError(error)}`,
      );
      msg.nak(this.retryDelay(msg.info.redeliveryCount));
      return;
    }
    msg.term();
    this.options.metrics.deadLettered.inc({ consumer: route.consumer, subject: route.subject });
    this.events.error(
      `${route.consumer}: message ${msg.seq} on ${msg.subject} dead-lettered after ${msg.info.redeliveryCount} deliveries: ${reason}`,
    );
  }

  private retryDelay(deliveries: number): number {
    const index = Math.min(Math.max(deliveries, 1), this.retryDelaysMs.length) - 1;
    return this.retryDelaysMs[index] ?? 1000;
  }
}
