/**
 * Starts the auth service for a test file against the shared test FerretDB and NATS (a fresh
 * database per file) and a private Redis (its own rate-limit counters and mail queue), on a free
 * port, exactly as `main.ts` boots it but with the test's clock and rate-limit windows.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { INestApplication } from '@nestjs/common';
import { internalRequestHeaders, parseConfig } from '@mcat/service-kit';
import { TEST_INTERNAL_API_TOKEN } from '@mcat/service-kit/testing';
import { freePort, privateRedis, type PrivateServer } from '@mcat/test-support/private-infra';
import { testInfra } from '@mcat/test-support/test-env';
import type { AuthOverrides } from '../../src/app.module';
import { Clock } from '../../src/clock/clock';
import { authEnvSchema, type AuthConfig } from '../../src/config';
import { startAuthService } from '../../src/start';

export const PUBLIC_URL = 'https://logbook.example';

/** Signs the unsubscribe links of the reminders the tests' auth sends. */
export const TEST_REVIEW_REMINDER_SECRET = 'test-review-reminder-secret-of-at-least-32-chars';

/** A clock a test moves forward by hand. */
export class MovableClock extends Clock {
  private offsetMs = 0;

  override now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  advance(ms: number): void {
    this.offsetMs += ms;
  }
}

export interface RunningAuth {
  app: INestApplication;
  config: AuthConfig;
  baseUrl: string;
  redis: PrivateServer;
  clock: MovableClock;
  keysDir: string;
  /** JSON request to the service; the answer's status, headers and parsed body. */
  call<T = Record<string, unknown>>(
    method: string,
    url: string,
    /** `internal`: with the service credential, as the other services call `/internal/*`. */
    options?: { body?: unknown; token?: string; ip?: string; internal?: boolean },
  ): Promise<{ status: number; headers: Headers; body: T }>;
  close(): Promise<void>;
}

export async function startAuth(
  overrides: Omit<AuthOverrides, 'clock'> = {},
  env: Record<string, string> = {},
  /** Consume events: give such a test a private NATS, or it shares the durable consumer. */
  consumeEvents = false,
): Promise<RunningAuth> {
  const redis = await privateRedis();
  const port = await freePort();
  const keysDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mcat-auth-keys-'));
  const config = parseConfig(authEnvSchema, {
    NODE_ENV: 'test',
    PORT: String(port),
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    MONGO_URL: testInfra.mongoUrl(),
    NATS_URL: testInfra.natsUrl,
    REDIS_URL: redis.url,
    JWT_KEYS_DIR: path.join(keysDir, 'keys'),
    PUBLIC_URL,
    INTERNAL_API_TOKEN: TEST_INTERNAL_API_TOKEN,
    REVIEW_REMINDER_SECRET: TEST_REVIEW_REMINDER_SECRET,
    // The test calls as the gateway would, from loopback, naming the client in X-Forwarded-For.
    TRUSTED_PROXIES: '127.0.0.1,::1,::ffff:127.0.0.1',
    // Nothing listens there: a test of the data export points them at its stubs.
    TESTS_INTERNAL_URL: 'http://127.0.0.1:9',
    QUESTIONS_INTERNAL_URL: 'http://127.0.0.1:9',
    BILLING_INTERNAL_URL: 'http://127.0.0.1:9',
    ...env,
  });
  const clock = new MovableClock();
  const app = await startAuthService(
    config,
    { sessionVersionWatchMs: 200, ...overrides, clock },
    consumeEvents,
  );
  const baseUrl = `http://127.0.0.1:${port}`;
  return {
    app,
    config,
    baseUrl,
    redis,
    clock,
    keysDir,
    async call(method, url, options = {}) {
      const headers: Record<string, string> = {};
      if (options.body !== undefined) headers['content-type'] = 'application/json';
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      if (options.ip) headers['x-forwarded-for'] = options.ip;
      if (options.internal) Object.assign(headers, internalRequestHeaders(TEST_INTERNAL_API_TOKEN));
      const response = await fetch(`${baseUrl}${url}`, {
        method,
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
      });
      const text = await response.text();
      return {
        status: response.status,
        headers: response.headers,
        body: (text ? JSON.parse(text) : null) as never,
      };
    },
    async close() {
      await app.close();
      await redis.dispose();
      fs.rmSync(keysDir, { recursive: true, force: true });
    },
  };
}

/** Fields no auth answer may ever carry, at any depth. */
const INTERNAL_FIELDS = [
  'passwordHash',
  'password',
  'sessionVersion',
  'revision',
  'outbox',
  'deletedAt',
  'tokenHash',
  '__v',
  'createdAt',
  'updatedAt',
];

export function internalFieldsIn(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(internalFieldsIn);
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, inner]) => [
    ...(INTERNAL_FIELDS.includes(key) ? [key] : []),
    ...internalFieldsIn(inner),
  ]);
}

let counter = 0;
/** A unique e-mail per call (test files share nothing but may run at once). */
export const uniqueEmail = (label = 'user'): string =>
  `${label}-${Date.now().toString(36)}-${(counter += 1)}@example.com`;
