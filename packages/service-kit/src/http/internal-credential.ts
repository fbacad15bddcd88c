import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { traceHeaders } from '../tracing/trace-context';

/** The header that carries INTERNAL_API_TOKEN from one of the product's processes to another. */
export const INTERNAL_TOKEN_HEADER = 'x-internal-token';

const digest = (value: string): Buffer => createHash('sha256').update(value, 'utf8').digest();

/**
 * Whether a presented credential is the token, in time that does not depend on where they differ
 * or on either's length: both are hashed first, so timingSafeEqual compares equal-length digests.
 */
export function isInternalToken(presented: string | undefined, token: string): boolean {
  if (presented === undefined || presented === '') return false;
  return timingSafeEqual(digest(presented), digest(token));
}

/**
 * The headers a process adds to its calls to another's `/internal/*` routes: the credential, and
 * the trace of the work in hand (`traceparent`, `x-request-id`) when there is one.
 */
export const internalRequestHeaders = (token: string): Record<string, string> => ({
  ...traceHeaders(),
  [INTERNAL_TOKEN_HEADER]: token,
});

/** Routes (Fastify route patterns, as matched after the path is decoded) only processes may call. */
function protectedRoute(route: string | undefined): 'internal' | 'metrics' | null {
  if (route === undefined) return null;
  if (route === '/metrics') return 'metrics';
  return route === '/internal' || route.startsWith('/internal/') ? 'internal' : null;
}

function headerValue(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? undefined : value;
}

/** `Authorization: Bearer <token>`, as Prometheus sends `authorization.credentials_file`. */
function bearer(request: FastifyRequest): string | undefined {
  const match = /^Bearer ([^\s]+)$/i.exec(headerValue(request, 'authorization') ?? '');
  return match?.[1];
}

/** The credentials a process checks: the service credential, and Prometheus' own if it has one. */
export interface ProcessCredentials {
  /** INTERNAL_API_TOKEN: `/internal/*`, and `/metrics` when there is no metrics credential. */
  internal: string;
  /** METRICS_TOKEN: `/metrics` only; when set, the service credential no longer opens it. */
  metrics?: string;
}

/**
 * Every `/internal/*` route of this process answers only a request carrying the service credential
 * in `x-internal-token`, and `/metrics` only one carrying the metrics credential (the service
 * credential when the process has none) there or as `Authorization: Bearer <token>`; any other
 * request gets this process's not-found answer, the same as for a route that does not exist.
 * The check runs on the route the router matched, so `/%69nternal/...` or any other spelling that
 * reaches an internal handler is checked as well.
 */
export function requireInternalCredential(
  fastify: FastifyInstance,
  credentials: ProcessCredentials,
): void {
  const metricsToken = credentials.metrics ?? credentials.internal;
  fastify.addHook('onRequest', (request, reply, done) => {
    const route = protectedRoute(request.routeOptions.url);
    if (route === null) return done();
    const presented = [headerValue(request, INTERNAL_TOKEN_HEADER)];
    if (route === 'metrics') presented.push(bearer(request));
    const token = route === 'metrics' ? metricsToken : credentials.internal;
    if (presented.some((candidate) => isInternalToken(candidate, token))) return done();
    reply.callNotFound();
  });
}
