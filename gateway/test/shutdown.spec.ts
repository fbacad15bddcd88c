import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import {
  TEST_INTERNAL_API_TOKEN,
  TestTokenIssuer,
  randomObjectId,
} from '@mcat/service-kit/testing';
import { freePort } from '@mcat/test-support/private-infra';
import { testInfra } from '@mcat/test-support/test-env';
import { FakeService } from './support/fake-service';

// Booting the gateway in a child process takes seconds on a loaded 2-core machine.
jest.setTimeout(90_000);

const REPO_ROOT = path.resolve(__dirname, '../..');
const TS_REGISTER = path.join(REPO_ROOT, 'packages/service-kit/test/support/ts-register.cjs');

interface GatewayProcess {
  child: ChildProcess;
  url: string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the gateway stopped with SIGTERM', () => {
  let issuer: TestTokenIssuer;
  let tests: FakeService;
  const running: ChildProcess[] = [];

  /** Called when a request reaches the stand-in service: it is then in flight in the gateway. */
  let arrived: () => void = () => undefined;
  const nextArrival = () => new Promise<void>((resolve) => (arrived = resolve));

  beforeAll(async () => {
    [issuer, tests] = await Promise.all([TestTokenIssuer.start(), FakeService.start('tests')]);
    tests.handlers.set('/api/tests/slow', (_request, response) => {
      arrived();
      setTimeout(() => response.writeHead(200).end('{"done":true}'), 1500);
    });
    tests.handlers.set('/api/tests/hang', () => arrived());
  });

  afterAll(async () => {
    for (const child of running) child.kill('SIGKILL');
    await tests?.stop();
    await issuer?.close();
  });

  /** The gateway's own main.ts as a process, every service pointed at the stand-in. */
  const startGatewayProcess = async (graceMs: number): Promise<GatewayProcess> => {
    const port = await freePort();
    const child = spawn(process.execPath, ['-r', TS_REGISTER, 'gateway/src/main.ts'], {
      cwd: REPO_ROOT,
      env: {
        PATH: process.env.PATH,
        HOST: '127.0.0.1',
        PORT: String(port),
        LOG_LEVEL: 'silent',
        SHUTDOWN_GRACE_MS: String(graceMs),
        JWKS_URL: issuer.jwksUrl,
        AUTH_URL: tests.url,
        TESTS_URL: tests.url,
        QUESTIONS_URL: tests.url,
        BILLING_URL: tests.url,
        MAILER_URL: tests.url,
        INTERNAL_API_TOKEN: TEST_INTERNAL_API_TOKEN,
        REDIS_URL: testInfra.redisUrl,
      },
      stdio: 'ignore',
    });
    running.push(child);
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      child.once('exit', (code, signal) => resolve({ code, signal })),
    );
    const url = `http://127.0.0.1:${port}`;
    const deadline = Date.now() + 60_000;
    for (;;) {
      const up = await fetch(`${url}/healthz`).then(
        (response) => response.ok,
        () => false,
      );
      if (up) return { child, url, exited };
      if (child.exitCode !== null || Date.now() > deadline) {
        throw new Error('The gateway did not start');
      }
      await sleep(200);
    }
  };

  const get = (gateway: GatewayProcess, path: string) =>
    fetch(`${gateway.url}${path}`, {
      headers: { authorization: issuer.bearer({ sub: randomObjectId() }) },
    });

  it('forwards the answer of a request in flight that is shorter than the grace, then exits', async () => {
    const gateway = await startGatewayProcess(5000);
    const inFlight = nextArrival();
    const answer = get(gateway, '/api/tests/slow');
    await inFlight;
    const stoppedAt = Date.now();
    gateway.child.kill('SIGTERM');

    const response = await answer;
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ done: true });
    expect(await gateway.exited).toEqual({ code: null, signal: 'SIGTERM' });
    expect(Date.now() - stoppedAt).toBeLessThan(5000);
  });

  it('closes a request still waiting on a service when the grace ends, and exits', async () => {
    const gateway = await startGatewayProcess(1500);
    const inFlight = nextArrival();
    const answer = get(gateway, '/api/tests/hang').then(
      (response) => response.status,
      () => 'connection closed',
    );
    await inFlight;
    const stoppedAt = Date.now();
    gateway.child.kill('SIGTERM');

    expect(await answer).toBe('connection closed');
    expect(await gateway.exited).toEqual({ code: null, signal: 'SIGTERM' });
    const tookMs = Date.now() - stoppedAt;
    expect(tookMs).toBeGreaterThanOrEqual(1400);
    expect(tookMs).toBeLessThan(1500 + 3000);
  });
});
