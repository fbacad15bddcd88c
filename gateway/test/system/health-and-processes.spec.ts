/**
 * Issue 2 on the running product: /api/health through the gateway, every service its own OS
 * process, a stopped service reported down and answered 502 while the others go on, and a
 * malformed MONGO_URL stopping a service at start with one line naming it.
 */
import type { HealthReport } from '@mcat/contracts';
import { freePort } from '@mcat/test-support/private-infra';
import { gatewayEnv, NODE_FLAGS, serviceEnv } from '@mcat/test-support/stack';
import { register } from '@mcat/test-support/system/accounts';
import { GatewayClient, type GatewayResponse } from '@mcat/test-support/system/gateway-client';
import { commandLineOf, pidListeningOn } from './support/listening-processes';
import { runCommand, startListening, type ListeningProgram } from './support/commands';
import { runnerStatus } from './support/runner';
import { systemEnv } from '@mcat/test-support/system/system-env';

const gateway = new GatewayClient();

/** The gateway's services, each up but those named. */
const servicesUpBut = (...down: string[]) =>
  Object.fromEntries(
    ['auth', 'tests', 'questions', 'billing', 'mailer'].map((service) => [
      service,
      down.includes(service) ? 'down' : 'up',
    ]),
  );

/** The health answer's status, its overall state and the state of each service. */
const expectHealth = (
  health: GatewayResponse<HealthReport>,
  status: number,
  overall: string,
  services: Record<string, string>,
): void => {
  expect(health.status).toBe(status);
  expect(health.body.status).toBe(overall);
  expect(health.body.services).toEqual(services);
};

describe('GET /api/health', () => {
  it('lists every service and dependency up', async () => {
    const health = await gateway.get<HealthReport>('/api/health');
    expectHealth(health, 200, 'up', servicesUpBut());
    expect(health.body.dependencies).toMatchObject({ mongodb: 'up', nats: 'up', redis: 'up' });
    expect(Object.values(health.body.dependencies).every((status) => status === 'up')).toBe(true);
  });
});

describe('processes', () => {
  const ports: Record<string, number> = {
    ...systemEnv.profile.services,
    gateway: systemEnv.profile.gateway,
  };

  it('each service and the gateway is its own OS process, running its own build', () => {
    const pids = Object.entries(ports).map(([name, port]) => {
      const pid = pidListeningOn(port);
      expect({ name, listening: pid !== null }).toEqual({ name, listening: true });
      const program = name === 'gateway' ? 'gateway/dist/main.js' : `services/${name}/dist/main.js`;
      expect(commandLineOf(pid as number)).toContain(program);
      return pid as number;
    });
    expect(new Set(pids).size).toBe(Object.keys(ports).length);
    expect(pids).not.toContain(process.pid);
  });

  // Only when the runner (npm start, npm test) started the stack: its status file has the pids,
  // current ones (supervision.spec.ts has the runner restart each service).
  const withRunner = runnerStatus() ? it : it.skip;
  withRunner('are the processes the runner started', () => {
    const processes = runnerStatus()?.processes ?? {};
    for (const [name, port] of Object.entries(ports)) {
      expect({ name, pid: pidListeningOn(port) }).toEqual({ name, pid: processes[name]?.pid });
    }
  });
});

describe('one service stopped', () => {
  // A second billing process and a second gateway forwarding billing's routes to it, both real
  // builds on the stack's infrastructure, so stopping that billing leaves the stack's own intact.
  let billing: ListeningProgram | undefined;
  let secondGateway: ListeningProgram | undefined;
  afterAll(async () => {
    await billing?.stop();
    await secondGateway?.stop();
  });

  it('is reported down by /api/health, its routes answer 502 naming it, the others keep answering', async () => {
    const base = { PATH: process.env.PATH };
    const secondBilling = await startListening(
      ['node', ...NODE_FLAGS, 'services/billing/dist/main.js'],
      (port) => ({
        ...base,
        ...serviceEnv(systemEnv.profile, 'billing', systemEnv.runnerEnv()),
        PORT: String(port),
      }),
    );
    billing = secondBilling;
    secondGateway = await startListening(
      ['node', ...NODE_FLAGS, 'gateway/dist/main.js'],
      (port) => ({
        ...base,
        ...gatewayEnv(systemEnv.profile, systemEnv.runnerEnv()),
        PORT: String(port),
        BILLING_URL: secondBilling.url,
      }),
    );
    const through = new GatewayClient(secondGateway.url);
    const student = await register(through);
    const beforeStop = await through.get<HealthReport>('/api/health');
    expect({ status: beforeStop.status, billing: beforeStop.body.services.billing }).toEqual({
      status: 200,
      billing: 'up',
    });

    await billing.stop('SIGTERM');

    const health = await through.get<HealthReport>('/api/health');
    expectHealth(health, 503, 'down', servicesUpBut('billing'));
    const coupon = await through.post(
      '/api/auth/apply-coupon',
      { couponCode: 'FREEMCAT' },
      student.token,
    );
    expect(coupon.status).toBe(502);
    expect(coupon.headers['content-type']).toContain('application/json');
    expect(coupon.body).toEqual({
      statusCode: 502,
      code: 'UPSTREAM_UNAVAILABLE',
      message: 'The billing service is unavailable. Please try again shortly.',
    });
    const tests = await through.get<unknown[]>('/api/tests', student.token);
    expect({ status: tests.status, body: tests.body }).toEqual({ status: 200, body: [] });
    const me = await through.get<{ email: string }>('/api/auth/me', student.token);
    expect({ status: me.status, email: me.body.email }).toEqual({
      status: 200,
      email: student.email,
    });
  });
});

describe('a malformed MONGO_URL', () => {
  it('stops the tests service at start with one line naming MONGO_URL', async () => {
    const env = {
      PATH: process.env.PATH,
      ...serviceEnv(systemEnv.profile, 'tests', systemEnv.runnerEnv()),
      PORT: String(await freePort()),
      MONGO_URL: 'mongodb//127.0.0.1:27217/mcat_tests',
    };
    const started = Date.now();
    const result = await runCommand(['node', 'services/tests/dist/main.js'], env);
    const lines = result.stderr.split('\n').filter((line) => line.trim() !== '');
    expect({ code: result.code, lines: lines.length }).toEqual({ code: 1, lines: 1 });
    expect(lines[0]).toContain('MONGO_URL');
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});
