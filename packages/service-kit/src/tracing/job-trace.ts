import {
  runInCarriedTrace,
  traceCarrier,
  traceFromCarrier,
  type TraceCarrier,
} from './trace-carrier';
import { runInTrace } from './trace-context';

/** A queue job's data with the trace of the work that queued it (BullMQ job data). */
export type TracedJobData<T extends object> = T & { trace?: TraceCarrier };

/** The job data with the current trace added (unchanged outside a trace). */
export function withTrace<T extends object>(data: T): TracedJobData<T> {
  const trace = traceCarrier();
  return trace ? { ...data, trace } : data;
}

const carrierOf = (data: unknown): unknown =>
  typeof data === 'object' && data !== null && 'trace' in data ? data.trace : undefined;

/**
 * Runs a job's work inside the trace its data carries (`withTrace`), with a span of its own (an
 * exported span `name` when OpenTelemetry runs); a job without one gets a new trace, so its own
 * log lines still share an id.
 */
export function runJobInTrace<T>(name: string, data: unknown, work: () => T): T {
  return runInCarriedTrace(name, carrierOf(data), work);
}

/** Runs a log line or a counter about a job (not the job itself) in the job's trace. */
export function inJobTrace<T>(data: unknown, work: () => T): T {
  return runInTrace(traceFromCarrier(carrierOf(data)), work);
}
