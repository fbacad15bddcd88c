/**
 * Issue 16 on the running product: each service killed with SIGKILL is restarted by the runner
 * (packages/runner/src/supervision) and serves again within 15 s, while every other service answers
 * throughout (polled about every 100 ms). The recovery times go to the profile's
 * reports/supervision.json for `npm run bench`. Each service is back and the product healthy
 * before the next is killed, and when this file ends, for the files that run after it. The
 * gateway and the infrastructure are not killed: the poll goes through the gateway.
 */
import type { HealthReport } from '@mcat/contracts';
import { type ServiceName, writeRecoveryFigures, type Recovery } from '@mcat/test-support/stack';
import { register } from '@mcat/test-support/system/accounts';
import { GatewayClient } from '@mcat/test-support/system/gateway-client';
import { processStatus, runnerStatus } from './support/runner';
import { systemEnv } from '@mcat/test-support/system/system-env';

const RECOVERY_LIMIT_MS = 15_000;
const POLL_INTERVAL_MS = 100;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether the service answers one of its own requests, asked through the gateway. */
type Probe = () => Promise<boolean>;

/** A probe per service, each from its own client address and account, so no rate limit adds up. */
async function probes(): Promise<Record<ServiceName, Probe>> {
  const through = async (path: string, signedIn: boolean): Promise<Probe> => {
    const client = new GatewayClient();
    const token = signedIn ? (await register(client)).token : undefined;
    return () =>
      client.get(path, token).then(
        (response) => response.status === 200,
        () => false,
      );
  };
  // The mailer has no route behind the gateway: its own readiness, on its port.
  const mailerReady: Probe = () =>
    fetch(`http://127.0.0.1:${systemEnv.profile.services.mailer}/readyz`, {
      signal: AbortSignal.timeout(2000),
    }).then(
      (response) => response.ok,
      () => false,
    );
  return {
    auth: await through('/api/auth/me', true),
    tests: await through('/api/tests', true),
    questions: await through('/api/questions', true),
    billing: await through('/api/billing/config', false),
    mailer: mailerReady,
  };
}

const health = new GatewayClient();

/** Waits until /api/health answers 200: every service, dependency and process up. */
async function untilHealthy(timeoutMs = RECOVERY_LIMIT_MS): Promise<HealthReport> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const answer = await health.get<HealthReport>('/api/health').catch(() => null);
    if (answer?.status === 200) return answer.body;
    if (Date.now() > deadline) {
      throw new Error(`/api/health not up within ${timeoutMs} ms: ${JSON.stringify(answer?.body)}`);
    }
    await sleep(200);
  }
}

/** Calls each probe about every 100 ms until stopped, counting the calls and the failures. */
function pollEach(polled: Record<string, Probe>) {
  let stopped = false;
  const counts = { polls: 0, failures: [] as string[] };
  const loops = Object.entries(polled).map(async ([name, probe]) => {
    while (!stopped) {
      const started = Date.now();
      counts.polls += 1;
      if (!(await probe())) counts.failures.push(`${name} at ${new Date().toISOString()}`);
      await sleep(Math.max(0, POLL_INTERVAL_MS - (Date.now() - started)));
    }
  });
  return {
    stop: async () => {
      stopped = true;
      await Promise.all(loops);
      return counts;
    },
  };
}

/** Calls the probe about every 100 ms until it answers; the time from `since` until then. */
async function untilServing(probe: Probe, since: number): Promise<number> {
  while (Date.now() - since < RECOVERY_LIMIT_MS) {
    if (await probe()) return Date.now() - since;
    await sleep(POLL_INTERVAL_MS);
  }
  throw new Error(`not serving again within ${RECOVERY_LIMIT_MS} ms`);
}

const withRunner = runnerStatus() ? describe : describe.skip;

withRunner('a service killed with SIGKILL (the runner restarts it)', () => {
  const services = Object.keys(systemEnv.profile.services) as ServiceName[];
  const recoveries: Recovery[] = [];
  let probeOf: Record<ServiceName, Probe>;

  beforeAll(async () => {
    await untilHealthy();
    probeOf = await probes();
  });
  afterAll(async () => {
    if (recoveries.length > 0) writeRecoveryFigures(systemEnv.profile, recoveries);
    // The files after this one need the whole product up, whatever happened here.
    await untilHealthy();
  });

  it.each(services)(
    '%s serves again within 15 s while the other services answer throughout',
    async (name) => {
      await untilHealthy();
      const before = processStatus(name);
      expect(before.state).toBe('running');
      const others = Object.fromEntries(
        services.filter((s) => s !== name).map((s) => [s, probeOf[s]]),
      );
      const poll = pollEach(others);
      await sleep(300);

      const killedAt = Date.now();
      process.kill(before.pid as number, 'SIGKILL');
      await sleep(POLL_INTERVAL_MS);
      const recoveryMs = await untilServing(probeOf[name], killedAt);
      await sleep(300);
      const { polls, failures } = await poll.stop();
      recoveries.push({
        process: name,
        recoverySeconds: recoveryMs / 1000,
        otherPolls: polls,
        otherFailures: failures.length,
      });

      expect(failures).toEqual([]);
      const after = processStatus(name);
      expect(after).toEqual({
        state: 'running',
        pid: expect.any(Number),
        restarts: before.restarts + 1,
      });
      expect(after.pid).not.toBe(before.pid);
      const report = await untilHealthy();
      expect(report.processes?.[name]).toEqual({
        status: 'up',
        state: 'running',
        restarts: before.restarts + 1,
      });
    },
  );
});
