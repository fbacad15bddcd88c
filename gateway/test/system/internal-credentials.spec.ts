/**
 * Defence in depth behind the gateway's path check: a caller that reaches a service directly (on
 * its own port, as anything inside the network could) gets nothing from `/internal/*` or
 * `/metrics` without the service credential (INTERNAL_API_TOKEN) or, for `/metrics`, Prometheus'
 * own (METRICS_TOKEN), and cannot buy itself a fresh
 * per-address rate-limit budget by making up X-Forwarded-For: the services believe that header from
 * the gateway's address only (TRUSTED_PROXIES), and these tests call from other loopback addresses.
 */
import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { REQUEST_MESSAGES, type Test, type User } from '@mcat/contracts';
import { serviceEnv } from '@mcat/test-support/stack';
import { register, type SignedIn } from '@mcat/test-support/system/accounts';
import { runCommand } from './support/commands';
import { GatewayClient } from '@mcat/test-support/system/gateway-client';
import { createTest, TEST_SAMPLES } from '@mcat/test-support/system/study-data';
import { systemEnv } from '@mcat/test-support/system/system-env';

const gateway = new GatewayClient();

/** Each service's own address, as a caller inside the network would reach it. */
const services = Object.entries(systemEnv.profile.services).map(([name, port]) => ({
  name,
  url: `http://127.0.0.1:${port}`,
}));
const processes = [...services, { name: 'gateway', url: systemEnv.baseUrl }];

/** The credential the runner generated for this stack (the positive control of each case). */
const tokenFile = systemEnv.internalTokenFile;
const realToken = (): string => fs.readFileSync(tokenFile, 'utf8').trim();
/** Prometheus' credential, also the runner's: `/metrics` answers it, and only it. */
const metricsToken = (): string => fs.readFileSync(systemEnv.metricsTokenFile, 'utf8').trim();

/** What a caller without the credential may send instead of it. */
const WRONG_CREDENTIALS: readonly [string, () => Record<string, string>][] = [
  ['no credential', () => ({})],
  ['an empty header', () => ({ 'x-internal-token': '' })],
  ['a wrong token', () => ({ 'x-internal-token': randomBytes(32).toString('base64url') })],
  ['a one-character token', () => ({ 'x-internal-token': 'x' })],
  ['the credential cut short', () => ({ 'x-internal-token': realToken().slice(0, -1) })],
  ['the credential and more', () => ({ 'x-internal-token': `${realToken()}x` })],
  [
    'a wrong bearer token',
    () => ({ authorization: `Bearer ${randomBytes(32).toString('base64url')}` }),
  ],
  ['a bearer token without a value', () => ({ authorization: 'Bearer ' })],
];

/** The same target written so that a check of the raw path's prefix would miss it. */
const spellings = (target: string): string[] => [
  ...new Set([
    target,
    target.replace('/internal/', '/%69nternal/').replace('/metrics', '/%6detrics'),
    target.replace('/internal/', '/internal%2F'),
    `${target}/`,
    `${target}?x=1`,
  ]),
];

describe('a direct caller without the service credential', () => {
  let victim: SignedIn;
  let victimTest: Test;
  let secrets: string[];

  beforeAll(async () => {
    victim = await register(gateway);
    victimTest = await createTest(gateway, victim.token, TEST_SAMPLES[0]!);
    // What the routes answer (a not-found answer repeats the path, so not the ids sent in it).
    secrets = [victim.email, '"isPremium"', '"roles"', '"userId"', victimTest.source, '# HELP'];
  });

  it('the runner generated the credential once, readable by its owner only', () => {
    expect(fs.statSync(tokenFile).mode & 0o777).toBe(0o600);
    expect(realToken().length).toBeGreaterThanOrEqual(32);
  });

  const readCases = () => [
    ...processes.map((p) => [p.name, `${p.url}/metrics`] as const),
    [
      'auth',
      `${services.find((s) => s.name === 'auth')!.url}/internal/users/${victim.user._id}`,
    ] as const,
    [
      'tests',
      `${services.find((s) => s.name === 'tests')!.url}/internal/tests/${String(victimTest._id)}`,
    ] as const,
  ];

  it.each(WRONG_CREDENTIALS)(
    'with %s, GET /metrics and /internal/* on every process: 404 and no data',
    async (_label, headers) => {
      const offences: string[] = [];
      for (const [name, target] of readCases()) {
        const url = new URL(target);
        for (const spelling of spellings(url.pathname)) {
          for (const method of ['GET', 'POST']) {
            const response = await new GatewayClient(url.origin).request(method, spelling, {
              headers: headers(),
              ...(method === 'POST' ? { json: {} } : {}),
            });
            const body = response.raw.toString('utf8');
            // The gateway serves the web app for any other GET path (`/metrics/`).
            const webApp = name === 'gateway' && body.startsWith('<!doctype html>');
            const notFound = response.status === 404 || (webApp && response.status === 200);
            if (!notFound || secrets.some((secret) => body.includes(secret))) {
              offences.push(
                `${name} ${method} ${spelling}: ${response.status} ${body.slice(0, 80)}`,
              );
            }
          }
        }
      }
      expect(offences).toEqual([]);
    },
  );

  it.each(WRONG_CREDENTIALS)(
    'with %s, POST /internal/users/:id/premium: 404 and the user stays free',
    async (_label, headers) => {
      const auth = services.find((s) => s.name === 'auth')!;
      for (const spelling of spellings(`/internal/users/${victim.user._id}/premium`)) {
        const response = await new GatewayClient(auth.url).request('POST', spelling, {
          headers: headers(),
          json: {},
        });
        expect({ spelling, status: response.status }).toEqual({ spelling, status: 404 });
        expect(response.raw.toString('utf8')).not.toContain('"isPremium"');
      }
      const me = await gateway.get<User>('/api/auth/me', victim.token);
      expect(me.body.isPremium).toBe(false);
    },
  );

  it('answers 404 exactly as for a route that does not exist', async () => {
    const auth = services.find((s) => s.name === 'auth')!;
    const client = new GatewayClient(auth.url);
    const refused = await client.get(`/internal/users/${victim.user._id}`);
    const missing = await client.get(`/nothing/users/${victim.user._id}`);
    expect(refused.status).toBe(404);
    expect(refused.body).toEqual({
      statusCode: 404,
      code: 'NOT_FOUND',
      message: REQUEST_MESSAGES.routeNotFound,
    });
    expect(refused.body).toEqual(missing.body);
    expect(Object.keys(refused.headers).sort()).toEqual(Object.keys(missing.headers).sort());
  });

  it('with the credential, the same routes answer (the 404s above are the guard)', async () => {
    const token = realToken();
    const auth = services.find((s) => s.name === 'auth')!;
    const user = await new GatewayClient(auth.url).request<{ userId: string; isPremium: boolean }>(
      'GET',
      `/internal/users/${victim.user._id}`,
      { headers: { 'x-internal-token': token } },
    );
    expect(user.status).toBe(200);
    expect(user.body).toMatchObject({ userId: victim.user._id, isPremium: false });
    for (const process of processes) {
      const metrics = await new GatewayClient(process.url).request('GET', '/metrics', {
        headers: { authorization: `Bearer ${metricsToken()}` },
      });
      expect({ process: process.name, status: metrics.status }).toEqual({
        process: process.name,
        status: 200,
      });
      expect(String(metrics.body)).toContain('# HELP');
    }
  });

  it('keeps the two credentials apart: the service credential opens no /metrics, the metrics one no /internal/*', async () => {
    expect(metricsToken()).not.toBe(realToken());
    expect(fs.statSync(systemEnv.metricsTokenFile).mode & 0o777).toBe(0o600);
    for (const process of processes) {
      const metrics = await new GatewayClient(process.url).request('GET', '/metrics', {
        headers: { authorization: `Bearer ${realToken()}` },
      });
      expect({ process: process.name, status: metrics.status }).toEqual({
        process: process.name,
        status: 404,
      });
    }
    const auth = services.find((s) => s.name === 'auth')!;
    const asScraper = await new GatewayClient(auth.url).request(
      'GET',
      `/internal/users/${victim.user._id}`,
      { headers: { 'x-internal-token': metricsToken() } },
    );
    expect(asScraper.status).toBe(404);
    expect(asScraper.raw.toString('utf8')).not.toContain(victim.email);
  });

  it('the gateway does not forward a client-sent credential header', async () => {
    // A public route the gateway forwards: with the real credential attached it still answers as
    // any caller's request, and /internal/* stays 404 at the gateway.
    const token = realToken();
    const internal = await gateway.request('GET', `/internal/users/${victim.user._id}`, {
      headers: { 'x-internal-token': token },
    });
    expect(internal.status).toBe(404);
    expect(internal.raw.toString('utf8')).not.toContain(victim.email);
  });
});

describe('a service started without a usable credential', () => {
  it.each([
    ['without INTERNAL_API_TOKEN', undefined],
    ['with a 31-character INTERNAL_API_TOKEN', 'x'.repeat(31)],
  ])('stops %s, with one line naming it', async (_case, token) => {
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      ...serviceEnv(systemEnv.profile, 'tests', systemEnv.runnerEnv()),
      PORT: String(systemEnv.profile.services.tests + 50),
    };
    if (token === undefined) delete env.INTERNAL_API_TOKEN;
    else env.INTERNAL_API_TOKEN = token;
    const result = await runCommand(['node', 'services/tests/dist/main.js'], env);
    const lines = result.stderr.split('\n').filter((line) => line.trim() !== '');
    expect({ code: result.code, lines: lines.length }).toEqual({ code: 1, lines: 1 });
    expect(lines[0]).toContain('INTERNAL_API_TOKEN');
  });
});

/** forgot-password's per-address limit (services/auth/src/rate-limit/rate-limit.policy.ts). */
const FORGOT_PASSWORD_PER_ADDRESS = 20;
/** sign-in's per-address limit (same file). */
const SIGN_IN_PER_ADDRESS = 100;

/** A made-up public address, new on every call. */
const spoofedAddress = (): string =>
  `${randomInt(11, 200)}.${randomInt(0, 256)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;

/** The statuses of `count` calls, each claiming a new made-up address in X-Forwarded-For. */
async function spoofedStatuses(
  client: GatewayClient,
  count: number,
  path: string,
  body: () => unknown,
): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const response = await client.request('POST', path, {
      headers: { 'x-forwarded-for': spoofedAddress() },
      json: body(),
    });
    statuses.push(response.status);
  }
  return statuses;
}

const forgotPasswordBody = () => ({ email: `spoof-${randomUUID()}@example.com` });

describe('a made-up X-Forwarded-For', () => {
  const auth = () => services.find((s) => s.name === 'auth')!;

  it('does not give a direct caller a fresh forgot-password budget per request', async () => {
    const statuses = await spoofedStatuses(
      new GatewayClient(auth().url),
      FORGOT_PASSWORD_PER_ADDRESS + 1,
      '/api/auth/forgot-password',
      forgotPasswordBody,
    );
    expect(statuses.slice(0, FORGOT_PASSWORD_PER_ADDRESS).every((s) => s === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it('does not give a direct caller a fresh sign-in budget per request', async () => {
    const statuses = await spoofedStatuses(
      new GatewayClient(auth().url),
      SIGN_IN_PER_ADDRESS + 1,
      '/api/auth/login',
      () => ({ email: `spoof-${randomUUID()}@example.com`, password: 'not-the-password-1' }),
    );
    expect(statuses.filter((s) => s === 429)).toEqual([429]);
    expect(statuses.at(-1)).toBe(429);
  }, 180_000);

  it('through the gateway, the client address is the one the gateway sees', async () => {
    const statuses = await spoofedStatuses(
      new GatewayClient(),
      FORGOT_PASSWORD_PER_ADDRESS + 1,
      '/api/auth/forgot-password',
      forgotPasswordBody,
    );
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.filter((s) => s === 429)).toHaveLength(1);
  });
});
