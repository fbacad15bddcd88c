import { getFrom, randomLoopbackAddress } from './support/from-address';
import { GatewayHarness } from './support/gateway-harness';

describe('the API description', () => {
  let gateway: GatewayHarness;

  beforeAll(async () => {
    gateway = await GatewayHarness.start();
  });
  afterAll(() => gateway.close());

  it('GET /api/docs answers the OpenAPI 3.1 document as JSON, without a token', async () => {
    const response = await gateway.fetch('/api/docs');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const document = (await response.json()) as { openapi: string; paths: object };
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/api/tests/{id}', '/api/auth/login', '/api/docs']),
    );
  });

  it('GET /api/docs.html answers a page with the security headers and no script', async () => {
    const response = await gateway.fetch('/api/docs.html');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
    const page = await response.text();
    expect(page).toContain('<code>/api/tests/{id}</code>');
    expect(page).not.toMatch(/<script/i);
  });

  it.each([
    ['POST', '/api/docs'],
    ['PUT', '/api/docs.html'],
    ['DELETE', '/api/docs'],
  ])('answers %s %s 405 METHOD_NOT_ALLOWED, nothing forwarded', async (method, path) => {
    const before = Object.values(gateway.services).map((service) => service.seen.length);
    const response = await gateway.fetch(path, { method });
    expect(response.status).toBe(405);
    expect(((await response.json()) as { code: string }).code).toBe('METHOD_NOT_ALLOWED');
    expect(Object.values(gateway.services).map((service) => service.seen.length)).toEqual(before);
  });

  it.each([
    ['GET', '/api/docs/'],
    ['GET', '/api/docs/..%2fdocs'],
    ['GET', '/api/DOCS'],
    ['GET', '/api/docs.json'],
  ])(
    'answers %s %s like any path it does not serve: 400 or 404 with a code, nothing forwarded',
    async (method, path) => {
      const before = Object.values(gateway.services).map((service) => service.seen.length);
      const response = await gateway.fetch(path, { method });
      expect([400, 404]).toContain(response.status);
      const body = (await response.json()) as { code: string };
      expect(body.code).toBe(response.status === 400 ? 'VALIDATION' : 'NOT_FOUND');
      expect(Object.values(gateway.services).map((service) => service.seen.length)).toEqual(before);
    },
  );

  it('takes no query or body into account: operators, a huge query and a body change nothing', async () => {
    const expected = await (await gateway.fetch('/api/docs')).text();
    const withQuery = await gateway.fetch(`/api/docs?x[$gt]=1&${'a'.repeat(4000)}=1`);
    expect([200, 400, 414]).toContain(withQuery.status);
    if (withQuery.status === 200) expect(await withQuery.text()).toBe(expected);
    const head = await gateway.fetch('/api/docs', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });

  it('is never forwarded to a service', async () => {
    const before = Object.values(gateway.services).map((service) => service.seen.length);
    await gateway.fetch('/api/docs');
    await gateway.fetch('/api/docs.html');
    expect(Object.values(gateway.services).map((service) => service.seen.length)).toEqual(before);
  });
});

describe('the API description under the rate limit', () => {
  it('counts against the per-address limit like every /api request', async () => {
    const gateway = await GatewayHarness.start({ RATE_LIMIT_PER_ADDRESS: '2' });
    try {
      const from = randomLoopbackAddress();
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++)
        statuses.push((await getFrom(gateway.url, '/api/docs', from)).status);
      expect(statuses).toEqual([200, 200, 429]);
    } finally {
      await gateway.close();
    }
  });
});
