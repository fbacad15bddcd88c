import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { type DynamicModule } from '@nestjs/common';
import type { FastifyInstance } from 'fastify';
import { LoggerModule, PinoLogger } from 'nestjs-pino';

export const REQUEST_ID_HEADER = 'x-request-id';

const QUIET_PATHS = new Set(['/healthz', '/readyz', '/metrics']);
const isQuiet = (url: string | undefined) => QUIET_PATHS.has((url ?? '').split('?')[0] ?? '');

interface RequestWithUser extends IncomingMessage {
  user?: { sub?: string };
}

export interface LoggingOptions {
  /**
   * pino-http as Nest middleware on every route (default): each request gets its own child logger
   * and every log line written while it is handled carries its requestId and userId. False for a
   * process that logs its request lines itself with `logRequests` (the gateway: the middleware
   * cost a fifth of its CPU per forwarded request, docs/benchmarks.md "Foundation").
   */
  requestMiddleware?: boolean;
}

/**
 * JSON logs: every line carries `service`; request lines carry `requestId` (the gateway's
 * `x-request-id`) and `userId` where known. Authorization headers and cookies are never logged.
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
      genReqId: (req) => {
        const header = req.headers[REQUEST_ID_HEADER];
        return (Array.isArray(header) ? header[0] : header) || randomUUID();
      },
      customProps: (req) => {
        const userId = (req as RequestWithUser).user?.sub;
        return userId ? { requestId: req.id, userId } : { requestId: req.id };
      },
      autoLogging: { ignore: (req) => isQuiet(req.url) },
      redact: {
        paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
        remove: true,
      },
      serializers: {
        req: (req: { id: string; method: string; url: string }) => ({
          method: req.method,
          url: req.url,
        }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      },
    },
  });
}

/**
 * The request line of every request of this Fastify instance, as pino-http writes it (`req`,
 * `res`, `responseTime`, `requestId`, "request completed" at info), from one hook and only when
 * info is enabled: for a process whose logging module has `requestMiddleware: false`.
 */
export function logRequests(fastify: FastifyInstance): void {
  fastify.addHook('onResponse', (request, reply, done) => {
    const logger = PinoLogger.root;
    if (logger.isLevelEnabled('info') && !isQuiet(request.url)) {
      logger.info(
        {
          req: { method: request.method, url: request.url },
          res: { statusCode: reply.statusCode },
          responseTime: Math.round(reply.elapsedTime),
          requestId: request.id,
        },
        'request completed',
      );
    }
    done();
  });
}
