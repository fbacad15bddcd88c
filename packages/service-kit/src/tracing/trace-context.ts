import { AsyncLocalStorage } from 'node:async_hooks';
import { REQUEST_ID_HEADER } from '../logging/request-id';
import { activeSpan } from './span-source';
import {
  formatTraceparent,
  newSpanId,
  newTraceId,
  parseTraceparent,
  SAMPLED_FLAGS,
  TRACEPARENT_HEADER,
} from './traceparent';

/**
 * The trace the work in hand belongs to: a request, an event handler or a mail job. Every log line
 * written inside it carries `traceId`, `spanId` and `requestId`, and every call, event and job it
 * causes carries `traceparent` (parent id: `spanId`) and `x-request-id`.
 */
export interface TraceContext {
  /** The whole cascade's id: the same in every process a request reaches. */
  traceId: string;
  /** This process's span for the work in hand. */
  spanId: string;
  flags: string;
  /** The `x-request-id` of the request that started the cascade, when one did. */
  requestId?: string;
}

const storage = new AsyncLocalStorage<TraceContext>();

/** The trace context of the work in hand, if any. */
export const currentTrace = (): TraceContext | undefined => storage.getStore();

/** Runs `work` (and everything it starts, sync or async) inside `context`. */
export function runInTrace<T>(context: TraceContext, work: () => T): T {
  return storage.run(context, work);
}

/** A request id fit to pass on: short, no spaces or control characters (no log injection). */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;
export const isRequestId = (value: unknown): value is string =>
  typeof value === 'string' && REQUEST_ID.test(value);

/**
 * The context of work caused by a `traceparent`: the same trace with a span of its own, or a new
 * trace when the value is missing or malformed (it is never passed on).
 */
export function traceFromParent(traceparent: unknown, requestId?: unknown): TraceContext {
  const parent = parseTraceparent(traceparent);
  const ids = parent
    ? { traceId: parent.traceId, spanId: newSpanId(), flags: parent.flags }
    : { traceId: newTraceId(), spanId: newSpanId(), flags: SAMPLED_FLAGS };
  return isRequestId(requestId) ? { ...ids, requestId } : ids;
}

/**
 * The context of a request received with this `traceparent`: `traceFromParent`, except that when
 * OpenTelemetry runs, the ids are those of the server span it opened from the same header, so log
 * lines and exported spans agree.
 */
export function continueTrace(traceparent: unknown, requestId?: unknown): TraceContext {
  const span = activeSpan();
  if (!span) return traceFromParent(traceparent, requestId);
  return isRequestId(requestId) ? { ...span, requestId } : { ...span };
}

/** The traceparent to send onwards: this trace, with this process's span as the parent. */
export const outgoingTraceparent = (context: TraceContext): string =>
  formatTraceparent({ traceId: context.traceId, parentId: context.spanId, flags: context.flags });

/**
 * Headers for a call made inside the context (`traceparent`, `x-request-id`); none outside one.
 * `internalRequestHeaders` includes them.
 */
export function traceHeaders(context = currentTrace()): Record<string, string> {
  if (!context) return {};
  const headers: Record<string, string> = { [TRACEPARENT_HEADER]: outgoingTraceparent(context) };
  if (context.requestId) headers[REQUEST_ID_HEADER] = context.requestId;
  return headers;
}

/** What a log line written inside the context carries (the logging module's mixin). */
export function traceLogFields(
  context = currentTrace(),
): { traceId: string; spanId: string; requestId?: string } | Record<string, never> {
  if (!context) return {};
  const { traceId, spanId, requestId } = context;
  return requestId ? { traceId, spanId, requestId } : { traceId, spanId };
}
