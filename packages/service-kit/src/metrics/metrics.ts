import { Public } from '../auth/auth.decorators';
import { Controller, Get, Header, Injectable } from '@nestjs/common';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** `2xx`, `4xx`…: the status label of the route timings (a handful of values per route). */
export const statusClass = (statusCode: number): string => `${Math.floor(statusCode / 100)}xx`;

/** Seconds, from 5 ms to a minute: request timings and event lag share them. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

/**
 * How often the event-loop delay is sampled (prom-client's default, 10 ms, wakes an idle process
 * 100 times a second: about half a percent of a core each, measured for issue 26). A stall is
 * still seen whole at 100 ms; only stalls shorter than that go unsampled.
 */
const EVENT_LOOP_SAMPLE_MS = 100;

/** One Prometheus registry per process, with the default Node.js metrics and HTTP timings. */
@Injectable()
export class Metrics {
  readonly registry = new Registry();

  /**
   * Latency per route: `route` is the route pattern (`/api/tests/:id`, never a raw URL, so one
   * series per route), `status_class` `2xx`…`5xx`; `unmatched` for paths no route took.
   */
  readonly httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration by method, route pattern and status class',
    labelNames: ['method', 'route', 'status_class'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [this.registry],
  });

  constructor() {
    collectDefaultMetrics({
      register: this.registry,
      eventLoopMonitoringPrecision: EVENT_LOOP_SAMPLE_MS,
    });
  }

  /** A counter registered on this process's registry (events handled, mails sent…). */
  counter<L extends string>(name: string, help: string, labelNames: readonly L[] = []): Counter<L> {
    const existing = this.registry.getSingleMetric(name);
    if (existing) return existing as Counter<L>;
    return new Counter({ name, help, labelNames, registers: [this.registry] });
  }

  /**
   * A gauge registered on this process's registry (the outbox's backlog…); `collect`, if given,
   * sets its values at each scrape.
   */
  gauge<L extends string>(
    name: string,
    help: string,
    labelNames: readonly L[] = [],
    collect?: (this: Gauge<L>) => void,
  ): Gauge<L> {
    const existing = this.registry.getSingleMetric(name);
    if (existing) return existing as Gauge<L>;
    return new Gauge({
      name,
      help,
      labelNames,
      registers: [this.registry],
      ...(collect ? { collect } : {}),
    });
  }

  /** A histogram of seconds registered on this process's registry (event lag…). */
  histogram<L extends string>(
    name: string,
    help: string,
    labelNames: readonly L[] = [],
  ): Histogram<L> {
    const existing = this.registry.getSingleMetric(name);
    if (existing) return existing as Histogram<L>;
    return new Histogram({
      name,
      help,
      labelNames,
      buckets: LATENCY_BUCKETS,
      registers: [this.registry],
    });
  }
}

@Public()
@Controller()
export class MetricsController {
  constructor(private readonly metrics: Metrics) {}

  @Get('metrics')
  @Header('Content-Type', 'text/plain; version=0.0.4')
  scrape(): Promise<string> {
    return this.metrics.registry.metrics();
  }
}
