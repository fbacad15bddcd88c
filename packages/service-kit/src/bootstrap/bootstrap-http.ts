import 'reflect-metadata';
import { type DynamicModule, type INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { Logger } from 'nestjs-pino';
import { DEFAULT_SHUTDOWN_GRACE_MS, type KitConfig } from '../config/env';
import { refuseNonJsonBodies } from '../http/content-type-guard';
import { frameworkRefusalOptions } from '../http/framework-refusals';
import { requireInternalCredential } from '../http/internal-credential';
import { refuseStructuredQueries } from '../http/query-guard';
import { Metrics, statusClass } from '../metrics/metrics';
import { REQUEST_ID_HEADER } from '../logging/logging.module';
import { traceRequests } from '../tracing/request-trace';
import { enableGracefulShutdown } from './graceful-shutdown';

export interface HttpBootstrapOptions {
  /** The process's root module, built from its loaded config. */
  module: DynamicModule;
  /**
   * INTERNAL_API_TOKEN guards `/internal/*`, and `/metrics` unless METRICS_TOKEN is set, which
   * then guards it alone; TRUSTED_PROXIES (none by default) are
   * the addresses whose X-Forwarded-For is believed; SHUTDOWN_GRACE_MS is how long SIGTERM waits
   * for requests in flight (default 10 s).
   */
  config: Pick<KitConfig, 'HOST' | 'PORT' | 'INTERNAL_API_TOKEN'> &
    Partial<Pick<KitConfig, 'SHUTDOWN_GRACE_MS' | 'TRUSTED_PROXIES' | 'METRICS_TOKEN'>>;
  /** Largest JSON body accepted, in bytes (default 1 MiB). */
  bodyLimit?: number;
  /**
   * Route paths (as declared) that take multipart/form-data uploads; every other body must be
   * JSON (415 otherwise, see http/content-type-guard.ts).
   */
  uploadRoutes?: readonly string[];
  /**
   * Route paths (as declared) that take a one-click unsubscribe form (RFC 8058) besides JSON; a
   * service that reads such bodies registers `acceptOneClickForms` too.
   */
  oneClickRoutes?: readonly string[];
  /** An adapter configured otherwise than `createAdapter` (the gateway's request ids). */
  adapter?: FastifyAdapter;
  /** Runs before listen: microservice transports, extra Fastify plugins. */
  beforeListen?: (app: NestFastifyApplication) => Promise<void>;
}

/**
 * Builds the Fastify adapter the kit uses (see docs/adr/0003-http-adapter.md). X-Forwarded-For is
 * believed only from `trustedProxies` (the gateway): from anyone else, the client is the TCP peer,
 * so a caller that reaches a service directly cannot choose the address its rate limits count.
 */
export function createAdapter(
  bodyLimit = 1024 * 1024,
  trustedProxies: readonly string[] = [],
): FastifyAdapter {
  return new FastifyAdapter({
    bodyLimit,
    trustProxy: trustedProxies.length > 0 ? [...trustedProxies] : false,
    requestIdHeader: REQUEST_ID_HEADER,
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    ...frameworkRefusalOptions,
  });
}

/**
 * Graceful shutdown on these only; any other signal keeps Node's meaning (SIGUSR2 for
 * `--heapsnapshot-signal=SIGUSR2` no longer stops the process).
 */
const SHUTDOWN_SIGNALS: readonly NodeJS.Signals[] = ['SIGTERM', 'SIGINT'];

/**
 * How every HTTP process of the product starts (services through `bootstrapService`, the gateway
 * directly): Fastify, JSON logs, error bodies for framework errors too, `/internal/*` and
 * `/metrics` for holders of METRICS_TOKEN (or INTERNAL_API_TOKEN without one) only, query strings with operators refused (400),
 * bodies other than JSON refused (415), every request in its trace context (W3C traceparent,
 * tracing/request-trace.ts), request timings on /metrics, graceful shutdown on
 * SIGTERM/SIGINT (see graceful-shutdown.ts), then listen.
 */
export async function bootstrapHttp(options: HttpBootstrapOptions): Promise<INestApplication> {
  const { module, config } = options;
  const app = await NestFactory.create<NestFastifyApplication>(
    module,
    options.adapter ?? createAdapter(options.bodyLimit, config.TRUSTED_PROXIES),
    // An init failure is thrown to the caller rather than ending the process from inside Nest.
    { bufferLogs: true, abortOnError: false },
  );
  app.useLogger(app.get(Logger));

  const fastify = app.getHttpAdapter().getInstance();
  enableGracefulShutdown(
    app,
    fastify,
    config.SHUTDOWN_GRACE_MS ?? DEFAULT_SHUTDOWN_GRACE_MS,
    SHUTDOWN_SIGNALS,
  );
  const metrics = app.get(Metrics);
  // First, so every later hook, the handler and the logs run inside the request's trace.
  traceRequests(fastify);
  refuseStructuredQueries(fastify);
  // After the query check, which answers every path alike: a refused call is then answered
  // exactly as a path that does not exist, whatever its query string.
  requireInternalCredential(fastify, {
    internal: config.INTERNAL_API_TOKEN,
    metrics: config.METRICS_TOKEN,
  });
  // Refuses every path alike (the upload routes take multipart), so it tells nothing either.
  refuseNonJsonBodies(fastify, {
    uploadRoutes: options.uploadRoutes ?? [],
    oneClickRoutes: options.oneClickRoutes ?? [],
  });
  fastify.addHook('onResponse', (request, reply, done) => {
    metrics.httpDuration.observe(
      {
        method: request.method,
        route: request.routeOptions.url ?? 'unmatched',
        status_class: statusClass(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
    done();
  });

  await options.beforeListen?.(app);
  await app.listen(config.PORT, config.HOST);
  return app;
}
