import type { Counter, Histogram } from 'prom-client';
import type { Metrics } from '../metrics/metrics';

export interface EventMetrics {
  published: Counter<'subject'>;
  handled: Counter<'consumer' | 'subject'>;
  failed: Counter<'consumer' | 'subject'>;
  deadLettered: Counter<'consumer' | 'subject'>;
  duplicatesDropped: Counter<'consumer' | 'subject'>;
  /** Seconds from an event's publish (JetStream's timestamp) to its successful handling. */
  lag: Histogram<'consumer'>;
}

/** The event counters on the process's /metrics (registered once, shared by publisher and consumers). */
export function eventMetrics(metrics: Metrics): EventMetrics {
  const byConsumer = ['consumer', 'subject'] as const;
  return {
    published: metrics.counter('events_published_total', 'Events accepted by JetStream', [
      'subject',
    ]),
    handled: metrics.counter('events_handled_total', 'Events handled successfully', byConsumer),
    failed: metrics.counter('events_failed_total', 'Event handler failures', byConsumer),
    deadLettered: metrics.counter(
      'events_dead_lettered_total',
      'Events given up on and republished to the dead-letter subject',
      byConsumer,
    ),
    duplicatesDropped: metrics.counter(
      'events_duplicates_dropped_total',
      'Deliveries of an event the consumer had already handled',
      byConsumer,
    ),
    lag: metrics.histogram(
      'event_lag_seconds',
      'Time from an event being published to its successful handling, by consumer',
      ['consumer'],
    ),
  };
}
