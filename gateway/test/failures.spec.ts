import type { HealthReport, PublicConfig } from '@mcat/contracts';
import { GatewayHarness } from './support/gateway-harness';
import { json } from './support/fake-service';

describe('gateway when services fail', () => {
  let gateway: GatewayHarness;

  beforeAll(async () => {
    gateway = await GatewayHarness.start({ UPSTREAM_TIMEOUT_MS: '400' });
  });
  afterAll(() => gateway.close());

  it('reports every service and dependency up', async () => {
    const response = await gateway.fetch('/api/health');
    expect(response.status).toBe(200);
    expect((await response.json()) as HealthReport).toEqual({
      status: 'up',
      services: { auth: 'up', tests: 'up', questions: 'up', billing: 'up', mailer: 'up' },
      dependencies: { mongodb: 'up', nats: 'up', redis: 'up' },
    });
  });

  it('reports a dependency a service cannot reach as down', async () => {
    gateway.services.mailer.dependencies = { redis: 'down' };
    try {
      const response = await gateway.fetch('/api/health');
      expect(response.status).toBe(503);
      const report = (await response.json()) as HealthReport;
      expect(report.status).toBe('down');
      expect(report.services.mailer).toBe('down');
      expect(report.dependencies).toEqual({ mongodb: 'up', nats: 'up', redis: 'down' });
    } finally {
      gateway.services.mailer.dependencies = { redis: 'up' };
    }
  });

  it('answers 504 with a JSON message when a service does not answer in time', async () => {
    gateway.services.tests.handlers.set('/api/tests/slow', (_request, response) => {
      setTimeout(() => json(response, 200, { late: true }), 1500).unref();
    });
    const started = Date.now();
    const response = await gateway.get('/api/tests/slow');
    expect(response.status).toBe(504);
    expect(await response.json()).toEqual({
      statusCode: 504,
      code: 'UPSTREAM_TIMEOUT',
      message: 'The tests service took too long to answer. Please try again.',
    });
    expect(Date.now() - started).toBeLessThan(1400);
  });

  it('keeps a server-sent event stream open past the timeout', async () => {
    gateway.services.billing.handlers.set('/api/billing/events/stream', (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      response.write('data: first\n\n');
      setTimeout(() => response.end('data: second\n\n'), 1000).unref();
    });
    const response = await gateway.get('/api/billing/events/stream');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    expect(await response.text()).toBe('data: first\n\ndata: second\n\n');
  });

  it('serves the public configuration with billing payments', async () => {
    gateway.services.billing.handlers.set('/api/billing/config', (_request, response) =>
      json(response, 200, { provider: 'stripe', publishableKey: 'pk_test_123' }),
    );
    const response = await gateway.fetch('/api/config');
    expect(response.status).toBe(200);
    expect((await response.json()) as PublicConfig).toEqual({
      brandName: 'MCAT Logbook',
      supportEmail: 'support@mcatlogbook.com',
      donationUrl: 'https://buymeacoffee.com/mcatlogbook',
      publicUrl: 'http://localhost:8080',
      // The guide's links are public-config.spec.ts's subject.
      guideResources: expect.any(Array),
      payments: { provider: 'stripe', publishableKey: 'pk_test_123' },
    });
  });

  describe('with the questions service stopped', () => {
    beforeAll(() => gateway.services.questions.stop());

    it('answers its routes 502 with a JSON message naming it', async () => {
      const response = await gateway.get('/api/questions');
      expect(response.status).toBe(502);
      expect(await response.json()).toEqual({
        statusCode: 502,
        code: 'UPSTREAM_UNAVAILABLE',
        message: 'The questions service is unavailable. Please try again shortly.',
      });
    });

    it('keeps the other services answering', async () => {
      for (const path of ['/api/tests', '/api/auth/me', '/api/billing/events']) {
        expect((await gateway.get(path)).status).toBe(200);
      }
    });

    it('reports it down on /api/health', async () => {
      const response = await gateway.fetch('/api/health');
      expect(response.status).toBe(503);
      const report = (await response.json()) as HealthReport;
      expect(report.status).toBe('down');
      expect(report.services).toEqual({
        auth: 'up',
        tests: 'up',
        questions: 'down',
        billing: 'up',
        mailer: 'up',
      });
      expect(report.dependencies).toEqual({ mongodb: 'up', nats: 'up', redis: 'up' });
    });
  });

  describe('with the billing service stopped', () => {
    beforeAll(() => gateway.services.billing.stop());

    it('serves the public configuration with payments null, not a guessed provider', async () => {
      const response = await gateway.fetch('/api/config');
      expect(response.status).toBe(200);
      expect(((await response.json()) as PublicConfig).payments).toBeNull();
    });

    it('answers the billing routes under /api/auth 502 naming billing', async () => {
      const response = await gateway.fetch('/api/auth/create-payment-intent', {
        method: 'POST',
        headers: { authorization: gateway.bearer },
      });
      expect(response.status).toBe(502);
      expect(await response.json()).toEqual({
        statusCode: 502,
        code: 'UPSTREAM_UNAVAILABLE',
        message: 'The billing service is unavailable. Please try again shortly.',
      });
    });
  });
});

describe('gateway when every service is down', () => {
  it('lists the dependencies it could not confirm as down', async () => {
    const gateway = await GatewayHarness.start();
    try {
      await Promise.all(Object.values(gateway.services).map((service) => service.stop()));
      const response = await gateway.fetch('/api/health');
      expect(response.status).toBe(503);
      expect((await response.json()) as HealthReport).toEqual({
        status: 'down',
        services: {
          auth: 'down',
          tests: 'down',
          questions: 'down',
          billing: 'down',
          mailer: 'down',
        },
        dependencies: { mongodb: 'down', nats: 'down', redis: 'down' },
      });
    } finally {
      await gateway.close();
    }
  });
});
