import type { INestApplication } from '@nestjs/common';
import type { AddressInfo } from 'node:net';
import { parseConfig } from '@mcat/service-kit';
import {
  randomObjectId,
  TEST_INTERNAL_API_TOKEN,
  TestTokenIssuer,
} from '@mcat/service-kit/testing';
import { testInfra } from '@mcat/test-support/test-env';
import { gatewayEnvSchema } from '../../src/config';
import { startGateway } from '../../src/gateway';
import { FakeService } from './fake-service';

export type ServiceName = 'auth' | 'tests' | 'questions' | 'billing' | 'mailer';
const SERVICE_NAMES: readonly ServiceName[] = ['auth', 'tests', 'questions', 'billing', 'mailer'];

/**
 * A gateway started in this process on a free port, in front of five real HTTP stand-ins for
 * the services and a JWKS served by a TestTokenIssuer, as in production but without the services;
 * its rate limits counted in the test Redis.
 */
export class GatewayHarness {
  private constructor(
    readonly app: INestApplication,
    readonly services: Record<ServiceName, FakeService>,
    readonly issuer: TestTokenIssuer,
    readonly userId: string,
  ) {}

  static async start(env: Record<string, string> = {}): Promise<GatewayHarness> {
    const issuer = await TestTokenIssuer.start();
    const started = await Promise.all(SERVICE_NAMES.map((name) => FakeService.start(name)));
    const services = Object.fromEntries(started.map((s) => [s.name, s])) as Record<
      ServiceName,
      FakeService
    >;
    const config = parseConfig(gatewayEnvSchema, {
      HOST: '127.0.0.1',
      PORT: '1',
      LOG_LEVEL: 'silent',
      JWKS_URL: issuer.jwksUrl,
      AUTH_URL: services.auth.url,
      TESTS_URL: services.tests.url,
      QUESTIONS_URL: services.questions.url,
      BILLING_URL: services.billing.url,
      MAILER_URL: services.mailer.url,
      INTERNAL_API_TOKEN: TEST_INTERNAL_API_TOKEN,
      // The rate-limit counters are in the test Redis, shared by every test file's gateways:
      // this harness's own requests, from 127.0.0.1, are not counted unless a test says so.
      // Tests of the limits call from addresses of their own (from-address.ts).
      REDIS_URL: testInfra.redisUrl,
      RATE_LIMIT_EXEMPT_IPS: '127.0.0.1',
      ...env,
    });
    // Port 0: the system picks a free one (the schema asks for a real port, so set it after).
    const app = await startGateway({ ...config, PORT: 0 });
    return new GatewayHarness(app, services, issuer, randomObjectId());
  }

  get url(): string {
    const address = this.app.getHttpServer().address() as AddressInfo;
    return `http://127.0.0.1:${address.port}`;
  }

  /** An Authorization header of a valid token for this harness's user. */
  get bearer(): string {
    return this.issuer.bearer({ sub: this.userId });
  }

  fetch(path: string, init: RequestInit = {}): Promise<Response> {
    return fetch(`${this.url}${path}`, init);
  }

  /** A GET with a valid token. */
  get(path: string, headers: Record<string, string> = {}): Promise<Response> {
    return this.fetch(path, { headers: { authorization: this.bearer, ...headers } });
  }

  async close(): Promise<void> {
    await this.app.close();
    await Promise.all(Object.values(this.services).map((service) => service.stop()));
    await this.issuer.close();
  }
}
