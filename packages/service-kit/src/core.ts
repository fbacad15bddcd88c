/**
 * `@mcat/service-kit/core`: what any HTTP process of the product needs, without MongoDB, NATS or
 * Redis (mongoose, the MongoDB driver, nats, ioredis and Nest's microservices are not loaded):
 * config, bootstrap, JSON logs, error bodies, health, metrics and token verification. The gateway
 * uses only this (24 MB less resident memory, measured in docs/benchmarks-log.md "Foundation");
 * services import `@mcat/service-kit`, which re-exports it with the rest.
 */
export * from './config/env';
export * from './bootstrap/bootstrap-http';
export * from './bootstrap/graceful-shutdown';
export * from './http/zod-validation.pipe';
export * from './http/error-body';
export * from './http/framework-refusals';
export * from './http/api-exception';
export * from './http/all-exceptions.filter';
export * from './http/query-guard';
export * from './http/internal-credential';
export * from './http/content-type-guard';
export * from './http/escape-html';
export * from './logging/logging.module';
export * from './tracing/traceparent';
export * from './tracing/trace-context';
export * from './tracing/trace-carrier';
export * from './tracing/request-trace';
export * from './tracing/span-source';
export * from './tracing/job-trace';
export * from './health/health-registry';
export * from './health/health.controller';
export * from './metrics/metrics';
export * from './auth/token';
export * from './auth/auth.decorators';
export * from './auth/jwks-key-store';
export * from './auth/token-verifier';
