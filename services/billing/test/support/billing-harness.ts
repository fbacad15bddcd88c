import type { INestApplication } from '@nestjs/common';
import type { EventEnvelope, Role } from '@mcat/contracts';
import { bootstrapService, parseConfig } from '@mcat/service-kit';
import {
  TEST_INTERNAL_API_TOKEN,
  TestTokenIssuer,
  randomObjectId,
} from '@mcat/service-kit/testing';
import { connect, type NatsConnection, type Subscription } from 'nats';
import mongoose, { type Connection } from 'mongoose';
import { freePort } from '@mcat/test-support/private-infra';
import { testInfra } from '@mcat/test-support/test-env';
import { billingBootstrapOptions } from '../../src/billing.bootstrap';
import { billingEnvSchema } from '../../src/config';
import { FakeAuth } from './fake-auth';

export interface TestUser {
  id: string;
  email: string;
  token: string;
}

/** The addresses a test calls from directly; the shared Redis keeps their counts across runs. */
const LOOPBACK = '127.0.0.1,::1,::ffff:127.0.0.1';

/**
 * The billing service on a free port against the shared test FerretDB, NATS and Redis (its own
 * database), with tokens from a TestTokenIssuer, auth played by FakeAuth, and every
 * `billing.premium.purchased` event seen on NATS collected. Loopback is exempt from the
 * per-address limits, as in the `test` profile: a test of them sends another address in
 * `x-forwarded-for`, as the gateway does.
 */
export class BillingHarness {
  readonly premiumEvents: EventEnvelope<'billing.premium.purchased'>[] = [];

  private constructor(
    readonly app: INestApplication,
    readonly baseUrl: string,
    readonly tokens: TestTokenIssuer,
    readonly auth: FakeAuth,
    readonly db: Connection,
    private readonly nc: NatsConnection,
    private readonly subscription: Subscription,
  ) {}

  static async start(env: Record<string, string>): Promise<BillingHarness> {
    const [tokens, auth, port] = await Promise.all([
      TestTokenIssuer.start(),
      FakeAuth.start(),
      freePort(),
    ]);
    const mongoUrl = testInfra.mongoUrl();
    const config = parseConfig(billingEnvSchema, {
      NODE_ENV: 'test',
      PORT: String(port),
      LOG_LEVEL: 'silent',
      MONGO_URL: mongoUrl,
      NATS_URL: testInfra.natsUrl,
      REDIS_URL: testInfra.redisUrl,
      JWKS_URL: tokens.jwksUrl,
      AUTH_INTERNAL_URL: auth.url,
      RATE_LIMIT_EXEMPT_IPS: LOOPBACK,
      INTERNAL_API_TOKEN: TEST_INTERNAL_API_TOKEN,
      TRUSTED_PROXIES: LOOPBACK,
      ...env,
    });
    const nc = await connect({ servers: testInfra.natsUrl });
    const subscription = nc.subscribe('billing.premium.purchased');
    const app = await bootstrapService(billingBootstrapOptions(config));
    const db = await mongoose.createConnection(mongoUrl).asPromise();
    const harness = new BillingHarness(
      app,
      `http://127.0.0.1:${port}`,
      tokens,
      auth,
      db,
      nc,
      subscription,
    );
    void (async () => {
      for await (const message of subscription) {
        harness.premiumEvents.push(message.json<EventEnvelope<'billing.premium.purchased'>>());
      }
    })();
    return harness;
  }

  /** A new student (or staff member) known to the fake auth, with a valid token. */
  user(roles: Role[] = ['student']): TestUser {
    const id = randomObjectId();
    const email = `user-${id.slice(-8)}@example.com`;
    this.auth.addUser(id, email, roles);
    return { id, email, token: this.tokens.sign({ sub: id, roles }) };
  }

  fetch(path: string, init: RequestInit & { token?: string } = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (init.token) headers.set('authorization', `Bearer ${init.token}`);
    if (init.body !== undefined && !headers.has('content-type')) {
      headers.set('content-type', 'application/json');
    }
    return fetch(`${this.baseUrl}${path}`, { ...init, headers });
  }

  /** POST with a JSON body; answers status and parsed body. */
  async post<T = Record<string, unknown>>(
    path: string,
    body: unknown,
    token?: string,
  ): Promise<{ status: number; body: T }> {
    const response = await this.fetch(path, {
      method: 'POST',
      body: JSON.stringify(body),
      ...(token && { token }),
    });
    return { status: response.status, body: (await response.json()) as T };
  }

  async get<T = Record<string, unknown>>(
    path: string,
    token?: string,
  ): Promise<{ status: number; body: T }> {
    const response = await this.fetch(path, token ? { token } : {});
    return { status: response.status, body: (await response.json()) as T };
  }

  purchasesOf(userId: string): Promise<number> {
    return this.db.collection('purchases').countDocuments({ userId });
  }

  premiumEventsFor(userId: string): EventEnvelope<'billing.premium.purchased'>[] {
    return this.premiumEvents.filter((event) => event.data.userId === userId);
  }

  /** The user's first premium event, waited for (the outbox relays it asynchronously). */
  async firstPremiumEventOf(
    userId: string,
  ): Promise<EventEnvelope<'billing.premium.purchased'> | undefined> {
    await this.eventually(() => this.premiumEventsFor(userId).length > 0);
    return this.premiumEventsFor(userId)[0];
  }

  /** One purchase recorded for the user, and its premium event published in USD with `data`. */
  async expectOnePurchase(
    userId: string,
    data: { amount: number; provider: string; couponId?: string },
  ): Promise<void> {
    expect(await this.purchasesOf(userId)).toBe(1);
    expect((await this.firstPremiumEventOf(userId))?.data).toMatchObject({
      userId,
      currency: 'usd',
      ...data,
    });
  }

  /** The user's premium events, half a second after the first came: time for a second to come. */
  async settledPremiumEventsOf(
    userId: string,
  ): Promise<EventEnvelope<'billing.premium.purchased'>[]> {
    await this.eventually(() => this.premiumEventsFor(userId).length > 0);
    await new Promise((r) => setTimeout(r, 500));
    return this.premiumEventsFor(userId);
  }

  /** Waits until `check` holds (events reach NATS through the outbox relay, asynchronously). */
  async eventually(check: () => boolean | Promise<boolean>, timeoutMs = 5000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error('Condition not met in time');
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  async close(): Promise<void> {
    await this.app.close();
    this.subscription.unsubscribe();
    await this.nc.drain();
    await this.db.dropDatabase();
    await this.db.close();
    await Promise.all([this.tokens.close(), this.auth.close()]);
  }
}
