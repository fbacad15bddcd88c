import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { type DynamicModule } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';

export const REQUEST_ID_HEADER = 'x-request-id';

const QUIET_PATHS = new Set(['/healthz', '/readyz', '/metrics']);

interface RequestWithUser extends IncomingMessage {
  user?: { sub?: string };
}

/**
 * JSON logs: every line carries `service`; request lines carry `requestId` (the gateway's
 * `x-request-id`) and `userId` where known. Authorization headers and cookies are never logged.
 */
export function loggingModule(service: string, level: string): DynamicModule {
  return LoggerModule.forRoot({
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
      autoLogging: { ignore: (req) => QUIET_PATHS.has((req.url ?? '').split('?')[0] ?? '') },
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
