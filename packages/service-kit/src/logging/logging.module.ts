import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { type DynamicModule } from '@nestjs/common';
import type { FastifyInstance } from 'fastify';
import { LoggerModule, PinoLogger } from 'nestjs-pino';
import { storage as requestLoggers } from 'nestjs-pino/storage';
import { traceOfRequest } from '../tracing/request-trace';
import { traceLogFields } from '../tracing/trace-context';

export { REQUEST_ID_HEADER } from './request-id';

const QUIET_PATHS = new Set(['/healthz', '/readyz', '/metrics']);
const isQuiet = (url: string | undefined) => QUIET_PATHS.has((url ?? '').split('?')[0] ?? '');

/**
 * Path segments that follow one of these are secrets: a password reset link's token, a reminder
 * mail's unsubscribe token (the API's address and the web app's page alike).
 */
const SECRET_PATH_SEGMENT = /(\/reset-password|\/unsubscribe)\/[^/?#]*/gi;
/** Query parameters whose values are secrets (tokens, keys, signatures, one-time codes). */
const SECRET_PARAMETER = /token|key|secret|code|sig|password|auth|session|credential/i;
export const REDACTED = '[REDACTED]';

function decodedName(name: string): string {
  try {
    return decodeURIComponent(name.replace(/\+/g, ' '));
  } catch {
    return name;
  }
}

/**
 * A request URL fit for a log line: the reset-password and unsubscribe tokens in the path and the value of every
 * query parameter named like a secret (`token`, `key`, `secret`, `code`, `signature`...) replaced
 * by `[REDACTED]`.
 */
export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  const path = queryStart === -1 ? url : url.slice(0, queryStart);
  const redactedPath = path.replace(SECRET_PATH_SEGMENT, `$1/${REDACTED}`);
  if (queryStart === -1) return redactedPath;
  const query = url
    .slice(queryStart + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = equals === -1 ? pair : pair.slice(0, equals);
      return equals !== -1 && SECRET_PARAMETER.test(decodedName(name))
        ? `${name}=${REDACTED}`
        : pair;
    })
    .join('&');
  return `${redactedPath}?${query}`;
}

/** Headers that carry credentials: never in a log line, wherever a headers object is logged. */
const SECRET_HEADERS = [
  'authorization',
  'cookie',
  'set-cookie',
  'x-internal-token',
  'stripe-signature',
  'proxy-authorization',
];
const REDACTED_PATHS = [
  ...SECRET_HEADERS.flatMap((name) => [
    `req.headers["${name}"]`,
    `res.headers["${name}"]`,
    `headers["${name}"]`,
    `*.headers["${name}"]`,
  ]),
  'password',
  'token',
  '*.password',
  '*.token',
];

interface RequestWithUser extends IncomingMessage {
  user?: { sub?: string };
}

export interface LoggingOptions {
  /**
   * pino-http as Nest middleware on every route (default): each request gets its own child logger
   * and every log line written while it is handled carries its requestId and userId. False for a
   * process that logs its request lines itself with `logRequests` (the gateway: the middleware
   * cost a fifth of its CPU per forwarded request, docs/benchmarks-log.md "Foundation").
   */
  requestMiddleware?: boolean;
}

/**
 * Trace fields of a line written outside a request's own logger: in an event handler or a mail
 * job, from the trace context it runs in. A request's logger has them bound already (customProps).
 */
const traceMixin = (): object => (requestLoggers.getStore() ? {} : traceLogFields());

/**
 * JSON logs: every line carries `service`; request lines carry `requestId` (the gateway's
 * `x-request-id`), `traceId` and `spanId` (its W3C trace, tracing/trace-context.ts) and `userId`
 * where known; a line written in an event handler or a mail job carries the `traceId` and
 * `requestId` of the request that caused it (the pino mixin). Secrets are never logged: request
 * URLs go through `redactUrl` (reset tokens, secret-named query parameters) and credential headers
 * (authorization, cookies, x-internal-token, stripe-signature) are censored in any logged object.
 */
export function loggingModule(
  service: string,
  level: string,
  { requestMiddleware = true }: LoggingOptions = {},
): DynamicModule {
  return LoggerModule.forRoot({
    ...(requestMiddleware ? {} : { forRoutes: [] }),
    pinoHttp: {
      level,
      base: { service },
      messageKey: 'message',
      mixin: traceMixin,
      genReqId: (req) => traceOfRequest(req).requestId ?? randomUUID(),
      customProps: (req) => {
        const { traceId, spanId } = traceOfRequest(req);
        const userId = (req as RequestWithUser).user?.sub;
        const fields = { requestId: req.id, traceId, spanId };
        return userId ? { ...fields, userId } : fields;
      },
      autoLogging: { ignore: (req) => isQuiet(req.url) },
      redact: { paths: REDACTED_PATHS, censor: REDACTED },
      serializers: {
        req: (req: { id: string; method: string; url: string }) => ({
          method: req.method,
          url: redactUrl(req.url),
        }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      },
    },
  });
}

/**
 * The request line of every request of this Fastify instance, as pino-http writes it (`req`,
 * `res`, `responseTime`, `requestId`, `traceId`, `spanId`, "request completed" at info), from one
 * hook and only when info is enabled: for a process whose logging module has
 * `requestMiddleware: false`.
 */
export function logRequests(fastify: FastifyInstance): void {
  fastify.addHook('onResponse', (request, reply, done) => {
    const logger = PinoLogger.root;
    if (logger.isLevelEnabled('info') && !isQuiet(request.url)) {
      logger.info(
        {
          req: { method: request.method, url: redactUrl(request.url) },
          // The response itself, as pino-http logs it: its serializer reads the status once sent.
          res: reply.raw,
          responseTime: Math.round(reply.elapsedTime),
          ...traceLogFields(traceOfRequest(request.raw)),
          requestId: request.id,
        },
        'request completed',
      );
    }
    done();
  });
}
