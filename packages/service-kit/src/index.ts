/**
 * `@mcat/service-kit`: the core (./core) plus MongoDB, NATS, Redis, events, outbox, plans and rate
 * limits.
 */
export * from './core';
export * from './bootstrap/bootstrap-service';
export * from './bootstrap/migrate-service';
export * from './service-kit.module';
export * from './auth/jwt-auth.guard';
export * from './auth/session-versions';
export * from './infra/nats';
export * from './infra/nats-credentials';
export * from './infra/redis';
export * from './caching/per-user-cache';
export * from './events/event-envelope';
export * from './events/event-publisher';
export * from './events/event-consumers';
export * from './events/event-streams';
export * from './events/consumer-name';
export * from './events/dead-letter';
export * from './events/jetstream.context';
export * from './events/jetstream.server';
export * from './events/processed-events';
export * from './outbox/outbox-entry';
export * from './outbox/outbox.plugin';
export * from './outbox/outbox-relay';
export * from './outbox/outbox-dead-letters';
export * from './events/replay-dead-letter';
export * from './plans/plans.options';
export * from './plans/plans.module';
export { requestInternalUser } from './plans/auth-plan.client';
export * from './plans/plan-limits.service';
export * from './account-data/erase-user-documents';
export * from './account-data/account-data.options';
export * from './account-data/account-data.module';
export * from './rate-limit/rate-limit.policy';
export * from './rate-limit/rate-limiter';
export * from './rate-limit/rate-limit.module';
export * from './rate-limit/too-many-attempts.exception';
export * from './rate-limit/too-many-attempts.filter';
export * from './idempotency/idempotency-store';
export { IDEMPOTENCY_MODELS } from './idempotency/idempotency-key.schema';
export * from './idempotency/idempotency.interceptor';
export * from './idempotency/idempotent.decorator';
export * from './infra/duplicate-key';
export * from './infra/latest-fact';
