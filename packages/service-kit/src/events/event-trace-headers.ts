import { headers, type MsgHdrs } from 'nats';
import { REQUEST_ID_HEADER } from '../logging/request-id';
import type { TraceCarrier } from '../tracing/trace-carrier';
import { isRequestId } from '../tracing/trace-context';
import { parseTraceparent, TRACEPARENT_HEADER } from '../tracing/traceparent';

/**
 * NATS headers carrying the trace of the work that published an event (`traceparent`,
 * `x-request-id`), or undefined when there is none. Values that are not well formed (an outbox
 * entry edited by hand) are left out rather than refused by NATS.
 */
export function traceMessageHeaders(carrier: TraceCarrier | undefined): MsgHdrs | undefined {
  if (!carrier || !parseTraceparent(carrier.traceparent)) return undefined;
  const h = headers();
  h.set(TRACEPARENT_HEADER, carrier.traceparent);
  if (isRequestId(carrier.requestId)) h.set(REQUEST_ID_HEADER, carrier.requestId);
  return h;
}

/** The trace a received message carries in its headers (checked by `traceFromCarrier`). */
export function traceCarrierOf(msgHeaders: MsgHdrs | undefined): Partial<TraceCarrier> {
  if (!msgHeaders) return {};
  const traceparent = msgHeaders.get(TRACEPARENT_HEADER);
  const requestId = msgHeaders.get(REQUEST_ID_HEADER);
  return {
    ...(traceparent ? { traceparent } : {}),
    ...(requestId ? { requestId } : {}),
  };
}

/** Copies the trace headers of one message onto another's (a dead letter keeps its trace). */
export function copyTraceHeaders(from: MsgHdrs | undefined, to: MsgHdrs): void {
  for (const name of [TRACEPARENT_HEADER, REQUEST_ID_HEADER]) {
    const value = from?.get(name);
    if (value) to.set(name, value);
  }
}
