import { Global, Module, type DynamicModule, type Provider } from '@nestjs/common';
import { APP_FILTER, APP_GUARD } from '@nestjs/core';
import { JwtModule } from '@nestjs/jwt';
import { JwksKeyStore } from './auth/jwks-key-store';
import { JwtAuthGuard } from './auth/jwt-auth.guard';
import type { KitConfig } from './config/env';
import { HealthController } from './health/health.controller';
import { HealthRegistry } from './health/health-registry';
import { AllExceptionsFilter } from './http/all-exceptions.filter';
import { MongoHealth, mongoModule } from './infra/mongo';
import { NATS_CONNECTION, NATS_CREDS_FILE, NATS_URL, NatsCloser, natsProvider } from './infra/nats';
import { REDIS, REDIS_URL, RedisCloser, redisProvider } from './infra/redis';
import { loggingModule } from './logging/logging.module';
import { Metrics, MetricsController } from './metrics/metrics';
import { EventPublisher } from './events/event-publisher';
import { EVENT_STREAM_OPTIONS, type EventStreamOptions } from './events/event-streams';
import { OUTBOX_RELAY_OPTIONS, OutboxRelay, type OutboxRelayOptions } from './outbox/outbox-relay';

export const SERVICE_CONFIG = Symbol('SERVICE_CONFIG');
export const SERVICE_NAME = Symbol('SERVICE_NAME');

export interface ServiceKitOptions<C extends KitConfig> {
  /** auth, tests, questions, billing or mailer: names logs, metrics, the database and consumers. */
  name: string;
  config: C;
  /** Polling and backoff of the OutboxRelay (provided, with EventPublisher, when NATS_URL is set). */
  outboxRelay?: OutboxRelayOptions;
}

/**
 * What every service has: JSON logs, /healthz, /readyz, /metrics, its MongoDB database, NATS,
 * Redis, the `{ statusCode, message }` error body and the JWT guard on every route.
 */
@Global()
@Module({})
export class ServiceKitModule {
  static forRoot<C extends KitConfig>({
    name,
    config,
    outboxRelay,
  }: ServiceKitOptions<C>): DynamicModule {
    const providers: Provider[] = [
      { provide: SERVICE_CONFIG, useValue: config },
      { provide: SERVICE_NAME, useValue: name },
      { provide: REDIS_URL, useValue: config.REDIS_URL },
      HealthRegistry,
      Metrics,
      redisProvider,
      RedisCloser,
      { provide: APP_FILTER, useClass: AllExceptionsFilter },
    ];
    const imports: DynamicModule[] = [
      loggingModule(name, config.LOG_LEVEL),
      JwtModule.register({}),
    ];
    const exported: (symbol | Provider | DynamicModule | typeof JwtModule)[] = [
      SERVICE_CONFIG,
      SERVICE_NAME,
      HealthRegistry,
      Metrics,
      REDIS,
      JwtModule,
    ];
    if (config.MONGO_URL) {
      imports.push(mongoModule(config.MONGO_URL, name));
      providers.push(MongoHealth);
    }
    if (config.NATS_URL) {
      providers.push(
        { provide: NATS_URL, useValue: config.NATS_URL },
        { provide: NATS_CREDS_FILE, useValue: config.NATS_CREDS_FILE },
        {
          provide: EVENT_STREAM_OPTIONS,
          useValue: { replicas: config.EVENT_STREAM_REPLICAS } satisfies EventStreamOptions,
        },
        natsProvider,
        NatsCloser,
        EventPublisher,
        { provide: OUTBOX_RELAY_OPTIONS, useValue: outboxRelay ?? {} },
        OutboxRelay,
      );
      exported.push(NATS_CONNECTION, EVENT_STREAM_OPTIONS, EventPublisher, OutboxRelay);
    }
    if (config.JWKS_URL) {
      providers.push(
        { provide: JwksKeyStore, useValue: new JwksKeyStore(config.JWKS_URL) },
        { provide: APP_GUARD, useClass: JwtAuthGuard },
      );
      exported.push(JwksKeyStore);
    }
    return {
      module: ServiceKitModule,
      imports,
      controllers: [HealthController, MetricsController],
      providers,
      exports: exported,
    };
  }
}
