import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { TEST_INTERNAL_API_TOKEN } from '@mcat/service-kit/testing';
import { COLOR_SCHEME_SCRIPT_HASH, SIGNED_IN_SHELL_SCRIPT_HASH } from '../src/edge/security';
import { GatewayHarness } from './support/gateway-harness';

const INDEX = '<!doctype html><html><body><div id="root"></div></body></html>';
const BUNDLE = 'console.log("app");';

describe('gateway edge: web app, security headers, CORS, own endpoints', () => {
  let gateway: GatewayHarness;
  let staticDir: string;

  beforeAll(async () => {
    staticDir = mkdtempSync(path.join(tmpdir(), 'mcat-dist-'));
    mkdirSync(path.join(staticDir, 'assets'));
    writeFileSync(path.join(staticDir, 'index.html'), INDEX);
    writeFileSync(path.join(staticDir, 'assets', 'index-B4x9kQ2.js'), BUNDLE);
    writeFileSync(path.join(staticDir, 'robots.txt'), 'User-agent: *\n');
    gateway = await GatewayHarness.start({
      STATIC_DIR: staticDir,
      CORS_ORIGINS: 'https://app.example.com',
    });
  });
  afterAll(async () => {
    await gateway.close();
    rmSync(staticDir, { recursive: true, force: true });
  });

  it.each([['/'], ['/dashboard'], ['/tests/665f1c2e9b1e8a3d4c5b6a79/review?section=CARS']])(
    'answers GET %s with index.html, never cached without revalidation',
    async (url) => {
      const response = await gateway.fetch(url);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(await response.text()).toBe(INDEX);
    },
  );

  it('serves hashed assets with a long immutable cache', async () => {
    const response = await gateway.fetch('/assets/index-B4x9kQ2.js');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/javascript/);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await response.text()).toBe(BUNDLE);
  });

  it('serves other files with a short cache', async () => {
    const response = await gateway.fetch('/robots.txt');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=3600');
  });

  it('answers a missing asset 404 rather than the page', async () => {
    const response = await gateway.fetch('/assets/index-gone.js');
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ statusCode: 404 });
  });

  it.each([['/api/nothing'], ['/internal/users/665f1c2e9b1e8a3d4c5b6a79']])(
    'never answers %s with the page',
    async (url) => {
      const response = await gateway.fetch(url);
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    },
  );

  it('cannot be walked out of the web app folder', async () => {
    const response = await gateway.fetch('/%2e%2e/%2e%2e/etc/passwd');
    expect(await response.text()).not.toContain('root:');
  });

  it('sends security headers with a CSP that admits the app and Stripe', async () => {
    for (const url of ['/', '/api/health', '/api/tests']) {
      const response = await gateway.get(url);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
      expect(response.headers.get('referrer-policy')).toBe('no-referrer');
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain(
        `script-src 'self' ${COLOR_SCHEME_SCRIPT_HASH} ${SIGNED_IN_SHELL_SCRIPT_HASH} https://js.stripe.com https://*.js.stripe.com`,
      );
      expect(csp).toContain(
        'frame-src https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com',
      );
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toContain('upgrade-insecure-requests');
      // HSTS only where the public URL is https.
      expect(response.headers.get('strict-transport-security')).toBeNull();
    }
  });

  it('answers a CORS preflight from a configured origin', async () => {
    const response = await gateway.fetch('/api/tests', {
      method: 'OPTIONS',
      headers: {
        origin: 'https://app.example.com',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type,idempotency-key',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('https://app.example.com');
    expect(response.headers.get('access-control-allow-headers')).toContain('authorization');
    expect(response.headers.get('access-control-allow-headers')).toContain('Idempotency-Key');
  });

  it('gives no CORS grant to another origin', async () => {
    const response = await gateway.get('/api/tests', { origin: 'https://evil.example.com' });
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('has its own /healthz, /readyz and /metrics', async () => {
    expect((await gateway.fetch('/healthz')).status).toBe(200);
    expect((await gateway.fetch('/readyz')).status).toBe(200);
    await gateway.get('/api/tests');
    const metrics = await (
      await gateway.fetch('/metrics', {
        headers: { authorization: `Bearer ${TEST_INTERNAL_API_TOKEN}` },
      })
    ).text();
    expect((await gateway.fetch('/metrics')).status).toBe(404);
    expect(metrics).toContain(
      'http_request_duration_seconds_count{method="GET",route="/api/tests"',
    );
  });
});

describe('gateway without CORS_ORIGINS or STATIC_DIR (a cluster)', () => {
  let gateway: GatewayHarness;

  beforeAll(async () => {
    gateway = await GatewayHarness.start();
  });
  afterAll(() => gateway.close());

  it('is same-origin only', async () => {
    const response = await gateway.get('/api/tests', { origin: 'https://app.example.com' });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('does not serve the web app', async () => {
    const response = await gateway.fetch('/dashboard');
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ statusCode: 404 });
  });
});
