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
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) statuses.push((await gateway.fetch('/api/docs')).status);
      expect(statuses).toEqual([200, 200, 429]);
    } finally {
      await gateway.close();
    }
  });
});
