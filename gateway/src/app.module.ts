import { Module, type DynamicModule } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import {
  AllExceptionsFilter,
  HealthController,
  HealthRegistry,
  loggingModule,
  Metrics,
  MetricsController,
} from '@mcat/service-kit/core';
import { ApiDocs } from './api-docs/api-docs';
import { ApiDocsController } from './api-docs/api-docs.controller';
import type { GatewayConfig } from './config';
import { ProductHealthController } from './health/product-health.controller';
import { RunnerProcesses } from './health/runner-processes';
import { UpstreamHealth } from './health/upstream-health';
import { UpstreamReachability } from './health/upstream-reachability';
import { PublicConfigController } from './public-config/public-config.controller';
import { PublicConfigService } from './public-config/public-config.service';
import { GATEWAY_CONFIG, UPSTREAMS } from './tokens';
import { upstreamsFrom } from './upstreams';

/**
 * The gateway's own endpoints, built from the service kit's pieces (it has no database, bus or
 * Redis, so not the whole ServiceKitModule): JSON logs, /healthz, /readyz (ready once every
 * service has answered it: upstream-reachability.ts), /metrics, the error body, plus /api/health,
 * /api/config and the API description (/api/docs, /api/docs.html).
 * Forwarding is plain Fastify (see proxy.plugin.ts).
 */
@Module({})
export class GatewayModule {
  static register(config: GatewayConfig): DynamicModule {
    return {
      module: GatewayModule,
      // Request lines come from one Fastify hook (logRequests in gateway.ts), not per-request middleware.
      imports: [loggingModule('gateway', config.LOG_LEVEL, { requestMiddleware: false })],
      controllers: [
        HealthController,
        MetricsController,
        ProductHealthController,
        PublicConfigController,
        ApiDocsController,
      ],
      providers: [
        { provide: GATEWAY_CONFIG, useValue: config },
        { provide: UPSTREAMS, useValue: upstreamsFrom(config) },
        { provide: APP_FILTER, useClass: AllExceptionsFilter },
        HealthRegistry,
        Metrics,
        UpstreamHealth,
        UpstreamReachability,
        RunnerProcesses,
        PublicConfigService,
        ApiDocs,
      ],
    };
  }
}
