import { type INestApplication } from '@nestjs/common';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyInstance } from 'fastify';
import {
  bootstrapHttp,
  frameworkRefusalOptions,
  JwksKeyStore,
  logRequests,
  TokenVerifier,
} from '@mcat/service-kit/core';
import { GatewayModule } from './app.module';
import type { GatewayConfig } from './config';
import { registerCompression } from './edge/compression';
import { refuseUndescribedMethods } from './edge/method-guard';
import { refuseAbnormalPaths, rewriteToNormalPath } from './edge/path-guard';
import { registerRateLimits } from './edge/rate-limits';
import { requestIdOf } from './edge/request-id';
import { registerSecurity } from './edge/security';
import { proxyPlugin } from './proxy/proxy.plugin';
import { ONE_CLICK_PATHS, UPLOAD_PATHS } from './proxy/route-table';
import { spaPlugin } from './static/spa.plugin';
import { upstreamsFrom } from './upstreams';

/** Bodies the gateway itself parses (none of its own routes take one) stay small. */
const OWN_BODY_LIMIT = 64 * 1024;

/**
 * Starts the gateway: the kit's bootstrap (logs, error body, metrics, graceful shutdown, bodies
 * other than JSON refused) on an adapter that makes its own request ids, then security headers,
 * compression, forwarding and the web app.
 */
export function startGateway(config: GatewayConfig): Promise<INestApplication> {
  const adapter = new FastifyAdapter({
    bodyLimit: OWN_BODY_LIMIT,
    trustProxy: config.TRUST_PROXY,
    requestIdHeader: false,
    genReqId: requestIdOf,
    rewriteUrl: rewriteToNormalPath,
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    ...frameworkRefusalOptions,
  });
  return bootstrapHttp({
    module: GatewayModule.register(config),
    config,
    adapter,
    // Forwarded bodies must be JSON, or multipart on the upload route, or a one-click form on the
    // unsubscribe address (415 otherwise).
    uploadRoutes: UPLOAD_PATHS,
    oneClickRoutes: ONE_CLICK_PATHS,
    beforeListen: async (app: NestFastifyApplication) => {
      // Nest's own routes first, so the hooks below apply to them too.
      await app.init();
      const fastify = app.getHttpAdapter().getInstance() as unknown as FastifyInstance;
      logRequests(fastify);
      await registerSecurity(fastify, {
        corsOrigins: config.CORS_ORIGINS,
        publicUrl: config.PUBLIC_URL,
      });
      refuseAbnormalPaths(fastify);
      // Before the proxy and the web app's files, whose answers it compresses.
      await registerCompression(fastify);
      await registerRateLimits(fastify, {
        perAddress: config.RATE_LIMIT_PER_ADDRESS,
        perToken: config.RATE_LIMIT_PER_TOKEN,
        exemptAddresses: config.RATE_LIMIT_EXEMPT_IPS,
        redisUrl: config.REDIS_URL,
      });
      // Counted by the rate limits, before the token check and forwarding.
      refuseUndescribedMethods(fastify);
      await fastify.register(proxyPlugin, {
        upstreams: upstreamsFrom(config),
        verifier: new TokenVerifier(new JwksKeyStore(config.JWKS_URL)),
        limits: { body: config.BODY_LIMIT, upload: config.UPLOAD_BODY_LIMIT },
        timeoutMs: config.UPSTREAM_TIMEOUT_MS,
        longTimeoutMs: config.UPSTREAM_LONG_TIMEOUT_MS,
      });
      if (config.STATIC_DIR) await fastify.register(spaPlugin, { root: config.STATIC_DIR });
    },
  });
}
