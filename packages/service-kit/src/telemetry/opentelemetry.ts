/**
 * The OpenTelemetry SDK, loaded by `startTelemetry` only when an OTLP endpoint is set. The
 * exporter, protocol and headers follow the standard OTEL_EXPORTER_OTLP_* variables (OTLP over
 * HTTP with protobuf by default). It lends its spans to the trace context (`useSpanSource`): a
 * request's context is its HTTP server span, an event delivery or a mail job runs in a consumer
 * span whose parent is the carried traceparent, so log lines, forwarded headers and exported
 * spans share their ids.
 */
import {
  isSpanContextValid,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Span,
} from '@opentelemetry/api';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { IORedisInstrumentation } from '@opentelemetry/instrumentation-ioredis';
import { MongooseInstrumentation } from '@opentelemetry/instrumentation-mongoose';
import { NestInstrumentation } from '@opentelemetry/instrumentation-nestjs-core';
import { NodeSDK } from '@opentelemetry/sdk-node';
import { useSpanSource, type ActiveSpan, type SpanSource } from '../tracing/span-source';
import type { TraceParent } from '../tracing/traceparent';
import type { Telemetry } from './start-telemetry';

/** Probes and scrapes: no trace worth keeping. */
const UNTRACED_PATHS = new Set(['/healthz', '/readyz', '/metrics']);

function idsOf(span: Span | undefined): ActiveSpan | undefined {
  const context = span?.spanContext();
  if (!context || !isSpanContextValid(context)) return undefined;
  return {
    traceId: context.traceId,
    spanId: context.spanId,
    flags: context.traceFlags.toString(16).padStart(2, '0'),
  };
}

const isPromise = (value: unknown): value is Promise<unknown> =>
  typeof value === 'object' && value !== null && typeof Reflect.get(value, 'then') === 'function';

function failed(span: Span, error: unknown): void {
  span.recordException(error instanceof Error ? error : String(error));
  span.setStatus({ code: SpanStatusCode.ERROR });
}

/** Spans of the product's own work (event handling, mail jobs). */
function spanSourceOf(): SpanSource {
  const tracer = trace.getTracer('mcat-logbook');
  return {
    active: () => idsOf(trace.getActiveSpan()),
    runInSpan<T>(name: string, parent: TraceParent | null, work: (span: ActiveSpan) => T): T {
      const parentContext = parent
        ? trace.setSpanContext(ROOT_CONTEXT, {
            traceId: parent.traceId,
            spanId: parent.parentId,
            traceFlags: Number.parseInt(parent.flags, 16),
            isRemote: true,
          })
        : ROOT_CONTEXT;
      return tracer.startActiveSpan(name, { kind: SpanKind.CONSUMER }, parentContext, (span) => {
        const ids = idsOf(span) ?? { traceId: '', spanId: '', flags: '00' };
        let result: T;
        try {
          result = work(ids);
        } catch (error) {
          failed(span, error);
          span.end();
          throw error;
        }
        if (!isPromise(result)) {
          span.end();
          return result;
        }
        return result.then(
          (value) => {
            span.end();
            return value;
          },
          (error: unknown) => {
            failed(span, error);
            span.end();
            throw error;
          },
        ) as T;
      });
    },
  };
}

export function startOpenTelemetry(serviceName: string): Telemetry {
  const sdk = new NodeSDK({
    serviceName,
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (request) =>
          UNTRACED_PATHS.has((request.url ?? '').split('?')[0] ?? ''),
      }),
      new NestInstrumentation(),
      new MongooseInstrumentation(),
      new IORedisInstrumentation(),
    ],
  });
  sdk.start();
  useSpanSource(spanSourceOf());
  return { shutdown: () => sdk.shutdown() };
}
