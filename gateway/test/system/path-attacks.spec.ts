/**
 * Issue 13, the critical hole: a path that matches a public route at the gateway but climbs, in
 * the forwarding URL or a service's router, to /internal/* or /metrics. Every spelling below is
 * sent from every route prefix, GET and POST, with and without a token; none may answer 2xx, none
 * may return another user's data or the metrics, and the victim must not end up premium.
 * Keep this table growing: every new spelling anyone reports goes in SEPARATORS or DOTS.
 */
import type { Test, User } from '@mcat/contracts';
import { register, type SignedIn } from '@mcat/test-support/system/accounts';
import { GatewayClient } from '@mcat/test-support/system/gateway-client';
import { createTest, TEST_SAMPLES } from '@mcat/test-support/system/study-data';

/**
 * From 127.0.0.1, which the test profile exempts from the gateway's rate limits: the table sends
 * thousands of requests, and each must reach the path check rather than stop at a 429.
 */
const gateway = new GatewayClient(undefined, '127.0.0.1');

/** Ways to write a path separator that some parser on the way may read as `/`. */
const SEPARATORS = ['/', '\\', '%5c', '%5C', '%2f', '%2F', '%255c', '%252f', '%c0%af', '%e0%80%af'];
/** Ways to write the parent-folder segment `..` (and its lookalikes). */
const DOTS = [
  '..',
  '%2e%2e',
  '%2E%2E',
  '%2e%2E',
  '.%2e',
  '%2e.',
  '%252e%252e',
  '%c0%ae%c0%ae',
  '%e0%80%ae%e0%80%ae',
  '..;',
  '..%00',
  '..%01',
  '.%00.',
  '%uff0e%uff0e',
];
/** How many levels each spelling climbs: more than any route prefix is deep. */
const CLIMBS = 6;

/** Public and private route prefixes (and a few the gateway answers itself). */
const PREFIXES = [
  '/api/auth/reset-password/x',
  '/api/auth/review-reminders/unsubscribe/x',
  '/api/auth/login',
  '/api/auth/register',
  '/api/auth/forgot-password',
  '/api/auth/me',
  '/api/auth/apply-coupon',
  '/api/tests',
  '/api/tests/import/excel',
  '/api/questions',
  '/api/billing',
  '/api/billing/webhook',
  '/api/billing/config',
  '/api/health',
  '/api/config',
  '/assets',
  '',
];

/** The spellings of a climb from `prefix` to one of `targets` (each without a leading slash). */
function climbs(prefix: string, targets: readonly string[]): string[] {
  const paths: string[] = [];
  const next = () => targets[paths.length % targets.length];
  for (const separator of SEPARATORS) {
    for (const dots of DOTS) {
      const climb = `${dots}${separator}`.repeat(CLIMBS);
      paths.push(`${prefix}/${climb}${next()}`);
      // The first separator plain, the rest in this spelling (the reported form).
      paths.push(`${prefix}/x${separator}${climb}${next()}`);
    }
  }
  for (const target of targets) {
    paths.push(`${prefix}//${target}`);
    paths.push(`${prefix.toUpperCase()}/${'%2E%2E/'.repeat(CLIMBS)}${target}`);
  }
  return paths;
}

/** Requests sent at once by one test. */
const CONCURRENCY = 8;

interface Offence {
  method: string;
  path: string;
  status: number;
  body: string;
}

describe('paths that climb out of their route', () => {
  let victim: SignedIn;
  let victimTest: Test;
  let attacker: SignedIn;
  /** Where a GET climbs to (read another user's data, the metrics), and where a POST does. */
  let readTargets: string[];
  let writeTargets: string[];
  /** What no answer may contain: the victim's data and the metrics' text. */
  let secrets: string[];

  beforeAll(async () => {
    victim = await register(gateway);
    attacker = await register(gateway);
    victimTest = await createTest(gateway, victim.token, TEST_SAMPLES[0]!);
    readTargets = [
      `internal/users/${victim.user._id}`,
      `internal/tests/${victimTest._id}`,
      'metrics',
      `api/tests/${victimTest._id}`,
    ];
    writeTargets = [`internal/users/${victim.user._id}/premium`];
    secrets = [victim.email, String(victimTest._id), '# HELP', '# TYPE', 'process_cpu'];
  });

  const cases = PREFIXES.flatMap((prefix) =>
    (['GET', 'POST'] as const).flatMap((method) =>
      (['without', 'with'] as const).map((token) => [prefix || '/', method, token] as const),
    ),
  );

  it.each(cases)(
    'from %s, %s %s a token: no 2xx, no foreign data',
    async (prefix, method, token) => {
      const offences: Offence[] = [];
      const paths = climbs(
        prefix === '/' ? '' : prefix,
        method === 'GET' ? readTargets : writeTargets,
      );
      const send = async (path: string) => {
        const response = await gateway.request(method, path, {
          ...(token === 'with' ? { token: attacker.token } : {}),
          ...(method === 'POST' ? { json: {} } : {}),
        });
        const body = response.raw.toString('utf8');
        const leaked = secrets.some((secret) => body.includes(secret));
        if ((response.status >= 200 && response.status < 300) || leaked) {
          offences.push({ method, path, status: response.status, body: body.slice(0, 200) });
        }
      };
      for (let i = 0; i < paths.length; i += CONCURRENCY) {
        await Promise.all(paths.slice(i, i + CONCURRENCY).map(send));
      }
      expect(paths.length).toBeGreaterThan(SEPARATORS.length * DOTS.length);
      expect(offences).toEqual([]);
    },
  );

  it('leaves the victim on the free plan', async () => {
    const me = await gateway.get<User>('/api/auth/me', victim.token);
    expect(me.status).toBe(200);
    expect(me.body.isPremium).toBe(false);
  });

  it('still serves the routes themselves', async () => {
    const own = await gateway.get<Test>(`/api/tests/${victimTest._id}`, victim.token);
    expect(own.status).toBe(200);
    const foreign = await gateway.get(`/api/tests/${victimTest._id}`, attacker.token);
    expect(foreign.status).toBe(404);
  });
});
