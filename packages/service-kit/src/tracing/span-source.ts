import type { TraceParent } from './traceparent';

/** A span of a tracing SDK, as ids. */
export interface ActiveSpan {
  traceId: string;
  spanId: string;
  flags: string;
}

/**
 * What a tracing SDK lends the trace context: the span it has open in the current async context
 * (an HTTP request's server span), and a way to run work in a new span of its own, child of a
 * carried traceparent (an event delivery, a mail job).
 */
export interface SpanSource {
  active(): ActiveSpan | undefined;
  runInSpan<T>(name: string, parent: TraceParent | null, work: (span: ActiveSpan) => T): T;
}

let source: SpanSource | null = null;

/**
 * Lets OpenTelemetry (telemetry/opentelemetry.ts, loaded only when an OTLP endpoint is set) lend
 * its spans to the trace context, so the ids in log lines and headers are those of the exported
 * spans. Without it the kit makes its own span ids and nothing is exported.
 */
export function useSpanSource(next: SpanSource | null): void {
  source = next;
}

/** The SDK's active span, if an SDK runs and a span is open here. */
export const activeSpan = (): ActiveSpan | undefined => source?.active();

/** The running SDK's span source, or null without one. */
export const spanSource = (): SpanSource | null => source;
