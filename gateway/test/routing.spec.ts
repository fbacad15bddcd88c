import { GatewayHarness, type ServiceName } from './support/gateway-harness';
import { request } from 'node:http';
import type { SeenRequest } from './support/fake-service';

/** A request sent with its path exactly as written (fetch would resolve the dot segments first). */
function rawRequest(base: string, method: string, path: string, authorization: string) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const { hostname, port } = new URL(base);
    request({ hostname, port, method, path, headers: { authorization } }, (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    })
      .on('error', reject)
      .end();
  });
}

describe('gateway routing', () => {
  let gateway: GatewayHarness;

  beforeAll(async () => {
    gateway = await GatewayHarness.start();
  });
  afterAll(() => gateway.close());

  const ROUTES: [method: string, path: string, service: ServiceName][] = [
    ['GET', '/api/auth/me', 'auth'],
    ['PUT', '/api/auth/password', 'auth'],
    ['POST', '/api/auth/apply-coupon', 'billing'],
    ['POST', '/api/auth/create-payment-intent', 'billing'],
    ['POST', '/api/auth/confirm-premium', 'billing'],
    ['GET', '/api/tests', 'tests'],
    ['PATCH', '/api/tests/665f1c2e9b1e8a3d4c5b6a79/review', 'tests'],
    ['GET', '/api/tests/export/excel', 'tests'],
    ['GET', '/api/questions', 'questions'],
    ['DELETE', '/api/questions/665f1c2e9b1e8a3d4c5b6a79', 'questions'],
    ['GET', '/api/questions/search?section=Biological%20and%20Biochemical&topicTag=x', 'questions'],
    // Paging (docs/api-paging.md): limit and the opaque base64url cursor reach the service as sent.
    ['GET', '/api/questions?limit=50&cursor=MjAyNS0wMy0wNFQwNTowNjowNy4wODla_-', 'questions'],
    ['GET', '/api/questions/search?ankiStatus=not%20made&limit=200&cursor=a-b_c', 'questions'],
    ['GET', '/api/questions?limit=0&cursor=%21%21', 'questions'],
    ['GET', '/api/billing', 'billing'],
    ['GET', '/api/billing/events?page=2', 'billing'],
  ];

  it.each(ROUTES)('%s %s goes to %s with the path unchanged', async (method, path, service) => {
    const response = await gateway.fetch(path, {
      method,
      headers: { authorization: gateway.bearer },
    });
    expect(response.status).toBe(200);
    const seen = (await response.json()) as SeenRequest;
    expect(seen).toMatchObject({ service, method, url: path });
  });

  it('forwards a JSON body as sent', async () => {
    const body = JSON.stringify({ code: 'FREEMCAT' });
    const response = await gateway.fetch('/api/auth/apply-coupon', {
      method: 'POST',
      headers: { authorization: gateway.bearer, 'content-type': 'application/json' },
      body,
    });
    const seen = (await response.json()) as SeenRequest;
    expect(seen.bodyBytes).toBe(Buffer.byteLength(body));
    expect(seen.headers['content-type']).toBe('application/json');
  });

  it.each([
    ['/internal/users/665f1c2e9b1e8a3d4c5b6a79'],
    ['/internal/tests/665f1c2e9b1e8a3d4c5b6a79'],
    ['/api/unknown'],
    ['/api/mailer/send'],
    ['/.well-known/jwks.json'],
  ])('never forwards %s', async (path) => {
    const before = Object.values(gateway.services).map((s) => s.seen.length);
    const response = await gateway.get(path);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ statusCode: 404 });
    expect(Object.values(gateway.services).map((s) => s.seen.length)).toEqual(before);
  });

  const CLIMBING_PATHS = [
    '/api/tests/../../internal/users/1',
    '/api/tests/%2e%2e/%2e%2e/internal/users/1',
    '/api/auth/reset-password/x\\%2e%2e\\%2e%2e\\%2e%2e\\internal/users/1/premium',
    '/api/auth/reset-password/x%5c%2e%2e%5c%2e%2e%5cinternal/users/1/premium',
    '/api/auth/reset-password/x/..%2f..%2f..%2finternal/users/1',
    '/api/auth/reset-password/%252e%252e/%252e%252e/internal/users/1',
    '/api/auth/reset-password/..;/..;/internal/users/1',
    '/api/auth/reset-password/%c0%ae%c0%ae/%c0%ae%c0%ae/internal/users/1',
    '/api/auth/reset-password//internal/users/1',
    '/api/billing/webhook/..%5c..%5cmetrics',
  ];

  it.each(CLIMBING_PATHS.flatMap((path) => [['GET', path] as const, ['POST', path] as const]))(
    'refuses %s %s, which climbs out of its route, before forwarding anything',
    async (method, path) => {
      const before = Object.values(gateway.services).map((s) => s.seen.length);
      const { status, body } = await rawRequest(gateway.url, method, path, gateway.bearer);
      expect(status).toBe(400);
      expect(JSON.parse(body)).toEqual({
        statusCode: 400,
        code: 'VALIDATION',
        message: 'Invalid request path',
      });
      expect(Object.values(gateway.services).map((s) => s.seen.length)).toEqual(before);
    },
  );

  it('refuses a climbing path outside every route (no 404 page, no web app)', async () => {
    const { status } = await rawRequest(gateway.url, 'GET', '/x/%2e%2e/%2e%2e/etc/passwd', '');
    expect(status).toBe(400);
  });

  it('forwards a path with escaped letters under its decoded spelling', async () => {
    const response = await gateway.fetch('/api/%74ests', {
      headers: { authorization: gateway.bearer },
    });
    expect(response.status).toBe(200);
    expect(((await response.json()) as SeenRequest).url).toBe('/api/tests');
  });

  it('replaces client-supplied internal headers and keeps the others', async () => {
    const response = await gateway.get('/api/tests', {
      'x-user-id': 'someone-else',
      'x-internal-token': 'forged',
      'x-internal-caller': 'questions',
      'x-forwarded-for': '203.0.113.9',
      'x-forwarded-host': 'evil.example',
      'x-forwarded-proto': 'https',
      forwarded: 'for=203.0.113.9',
      'x-real-ip': '203.0.113.9',
      'accept-language': 'en-US',
    });
    const { headers } = (await response.json()) as SeenRequest;
    expect(headers['x-user-id']).toBeUndefined();
    expect(headers['x-internal-token']).toBeUndefined();
    expect(headers['x-internal-caller']).toBeUndefined();
    expect(headers.forwarded).toBeUndefined();
    expect(headers['x-real-ip']).toBeUndefined();
    expect(headers['x-forwarded-for']).toBe('127.0.0.1');
    expect(headers['x-forwarded-proto']).toBe('http');
    expect(headers['x-forwarded-host']).toBe(new URL(gateway.url).host);
    expect(headers['accept-language']).toBe('en-US');
    expect(headers.authorization).toBe(gateway.bearer);
  });

  it('gives each request a new x-request-id, returns it and forwards it', async () => {
    const first = await gateway.get('/api/tests');
    const second = await gateway.get('/api/tests');
    const id = first.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(second.headers.get('x-request-id')).not.toBe(id);
    expect(((await first.json()) as SeenRequest).headers['x-request-id']).toBe(id);
  });

  it('keeps a well-formed incoming x-request-id and replaces a malformed one', async () => {
    const kept = await gateway.get('/api/tests', { 'x-request-id': 'trace-2024-abc.123' });
    expect(kept.headers.get('x-request-id')).toBe('trace-2024-abc.123');
    expect(((await kept.json()) as SeenRequest).headers['x-request-id']).toBe('trace-2024-abc.123');

    const replaced = await gateway.get('/api/tests', { 'x-request-id': 'bad id\twith "quotes"' });
    const id = replaced.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(((await replaced.json()) as SeenRequest).headers['x-request-id']).toBe(id);
  });

  it('sets x-request-id on its own answers too', async () => {
    const response = await gateway.fetch('/api/nothing-here');
    expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('does not retry a GET the service answered 503', async () => {
    let calls = 0;
    gateway.services.tests.handlers.set('/api/tests/busy', (_request, response) => {
      calls += 1;
      response.writeHead(503, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ statusCode: 503, code: 'UNAVAILABLE', message: 'busy' }));
    });
    const response = await gateway.get('/api/tests/busy');
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({
      statusCode: 503,
      code: 'UNAVAILABLE',
      message: 'busy',
    });
    expect(calls).toBe(1);
  });
});
