import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { REQUEST_ID_HEADER } from '../logging/request-id';
import { continueTrace, isRequestId, runInTrace, type TraceContext } from './trace-context';
import { TRACEPARENT_HEADER } from './traceparent';

const TRACE = Symbol('traceContext');

/** A received request (HTTP/1 or HTTP/2): only its headers are read. */
interface ReceivedRequest {
  headers: NodeJS.Dict<string | string[]>;
}

interface TracedRequest extends ReceivedRequest {
  [TRACE]?: TraceContext;
}

/**
 * The trace context of a received request, made once per request (the hook and the request log
 * line ask for the same one): its `traceparent` continued or a new trace, and its well-formed
 * `x-request-id` or a new one.
 */
export function traceOfRequest(request: ReceivedRequest): TraceContext {
  const traced = request as TracedRequest;
  if (!traced[TRACE]) {
    const header = request.headers[REQUEST_ID_HEADER];
    const requestId = isRequestId(header) ? header : randomUUID();
    traced[TRACE] = continueTrace(request.headers[TRACEPARENT_HEADER], requestId);
  }
  return traced[TRACE];
}

/**
 * Every request of this Fastify instance is handled inside its trace context, so every log line
 * written while it is handled, and every call, event and mail job it causes, carry its trace.
 */
export function traceRequests(fastify: FastifyInstance): void {
  fastify.addHook('onRequest', (request, _reply, done) => {
    runInTrace(traceOfRequest(request.raw), done);
  });
}
