import { GatewayHarness } from './support/gateway-harness';

describe('gateway token check', () => {
  let gateway: GatewayHarness;
  const claims = () => ({ sub: gateway.userId });

  beforeAll(async () => {
    gateway = await GatewayHarness.start();
  });
  afterAll(() => gateway.close());

  const forwardedCount = () =>
    Object.values(gateway.services).reduce((sum, service) => sum + service.seen.length, 0);

  it('forwards a request with a valid token', async () => {
    const response = await gateway.get('/api/questions/tags');
    expect(response.status).toBe(200);
  });

  it('answers 401 without a token, before any service is called', async () => {
    const before = forwardedCount();
    const response = await gateway.fetch('/api/tests');
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      statusCode: 401,
      code: 'UNAUTHENTICATED',
      message: 'Please log in to continue.',
    });
    expect(forwardedCount()).toBe(before);
  });

  it.each([
    ['tampered', () => gateway.issuer.tampered(claims())],
    ['expired', () => gateway.issuer.expired(claims())],
    ['never-expiring (no exp)', () => gateway.issuer.withoutExpiry(claims())],
    ['alg none', () => gateway.issuer.none(claims())],
    ['HS256 signed with the public key', () => gateway.issuer.hs256WithPublicKey(claims())],
    ['signed by another key', () => gateway.issuer.foreignKey(claims())],
    ['not a JWT', () => 'not-a-token'],
  ])('answers 401 to a %s token and forwards nothing', async (_kind, token) => {
    const before = forwardedCount();
    const response = await gateway.fetch('/api/tests', {
      headers: { authorization: `Bearer ${token()}` },
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      statusCode: 401,
      code: 'UNAUTHENTICATED',
      message: 'Your session has expired or is invalid. Please log in again.',
    });
    expect(forwardedCount()).toBe(before);
  });

  it('checks tokens on the billing routes under /api/auth', async () => {
    const response = await gateway.fetch('/api/auth/confirm-premium', { method: 'POST' });
    expect(response.status).toBe(401);
  });

  it.each([
    ['POST', '/api/auth/register', 'auth'],
    ['POST', '/api/auth/login', 'auth'],
    ['POST', '/api/auth/forgot-password', 'auth'],
    ['GET', '/api/auth/reset-password/abc_DEF-123', 'auth'],
    ['POST', '/api/auth/reset-password/abc_DEF-123', 'auth'],
    ['POST', '/api/billing/webhook', 'billing'],
    ['GET', '/api/billing/config', 'billing'],
  ] as const)('lets %s %s through without a token', async (method, path, service) => {
    const response = await gateway.fetch(path, { method });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ service, url: path });
  });

  it('passes the Stripe signature and raw body of the webhook through untouched', async () => {
    const payload = '{"id":"evt_1","type":"payment_intent.succeeded"}';
    const response = await gateway.fetch('/api/billing/webhook', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=abc' },
      body: payload,
    });
    const seen = (await response.json()) as { headers: Record<string, string>; bodyBytes: number };
    expect(seen.headers['stripe-signature']).toBe('t=1,v1=abc');
    expect(seen.bodyBytes).toBe(Buffer.byteLength(payload));
  });
});
