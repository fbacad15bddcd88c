import { spanSource } from './span-source';
import {
  currentTrace,
  isRequestId,
  outgoingTraceparent,
  runInTrace,
  traceFromParent,
  type TraceContext,
} from './trace-context';
import { parseTraceparent } from './traceparent';

/**
 * What a message or a job carries of the trace that caused it: stored with an outbox entry,
 * in NATS headers, in a BullMQ job's data. Neither field is a secret.
 */
export interface TraceCarrier {
  traceparent: string;
  requestId?: string;
}

/** The carrier of the current context (the caller's span as parent), or undefined outside one. */
export function traceCarrier(context = currentTrace()): TraceCarrier | undefined {
  if (!context) return undefined;
  const traceparent = outgoingTraceparent(context);
  return context.requestId ? { traceparent, requestId: context.requestId } : { traceparent };
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/**
 * The context of work a carrier caused: the same trace and request id with a span of its own. A
 * missing or malformed carrier (a job queued before tracing, a hand-made message) starts a new
 * trace, so the work's own log lines still share one id.
 */
export function traceFromCarrier(carrier: unknown): TraceContext {
  if (!isRecord(carrier)) return traceFromParent(undefined);
  return traceFromParent(carrier.traceparent, carrier.requestId);
}

/**
 * Runs work caused by a carrier (an event delivery, a queued job) inside its trace: with
 * OpenTelemetry running, in a new span `name` whose parent is the carried one (exported, so the
 * work's database and Redis spans join the request's trace); otherwise in `traceFromCarrier`.
 */
export function runInCarriedTrace<T>(name: string, carrier: unknown, work: () => T): T {
  const spans = spanSource();
  if (!spans) return runInTrace(traceFromCarrier(carrier), work);
  const fields = isRecord(carrier) ? carrier : {};
  const requestId = isRequestId(fields.requestId) ? fields.requestId : undefined;
  return spans.runInSpan(name, parseTraceparent(fields.traceparent), (span) =>
    runInTrace(requestId ? { ...span, requestId } : { ...span }, work),
  );
}
