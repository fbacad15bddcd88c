import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { connect } from 'nats';
import { EVENT_SUBJECTS } from '@mcat/contracts';
import { consumerName } from '../src';
import { privateNats, type PrivateServer } from '../../../scripts/test-infra/private-infra';
import { testInfra } from '../../../scripts/test-infra/test-env';

// Booting a service in a child process takes seconds on a loaded 2-core machine.
jest.setTimeout(90_000);

const support = path.join(__dirname, 'support');

interface ServiceProcess {
  child: ChildProcess;
  stdout(): string;
  baseUrl: string;
  /** Resolves once the process has ended: its exit code, or the signal that ended it. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  stderr(): string;
  /** Resolves once the process has printed this line (at once if it already has). */
  printed(line: string): Promise<void>;
}

/** Starts the event test service as a real process and waits until it listens. */
function startServiceProcess(
  natsUrl: string,
  graceMs: number,
  extraEnv: Record<string, string> = {},
): Promise<ServiceProcess> {
  const child = spawn(
    process.execPath,
    [
      '-r',
      path.join(support, 'ts-register.cjs'),
      path.join(support, 'event-test-service.process.ts'),
    ],
    {
      env: {
        ...process.env,
        MONGO_URL: testInfra.mongoUrl(),
        NATS_URL: natsUrl,
        SHUTDOWN_GRACE_MS: String(graceMs),
        ...extraEnv,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  let stdout = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  const printed = (line: string) =>
    new Promise<void>((resolve) => {
      const check = () => {
        if (!stdout.split('\n').includes(line)) return false;
        child.stdout?.off('data', check);
        resolve();
        return true;
      };
      if (!check()) child.stdout?.on('data', check);
    });
  return new Promise((resolve, reject) => {
    child.stdout?.on('data', () => {
      const ready = /ready (\S+)/.exec(stdout);
      if (ready?.[1]) {
        resolve({
          child,
          baseUrl: ready[1],
          exited,
          stdout: () => stdout,
          stderr: () => stderr,
          printed,
        });
      }
    });
    void exited.then(({ code }) =>
      reject(new Error(`exited with ${code} before ready: ${stderr}`)),
    );
  });
}

describe('a service stopped with SIGTERM', () => {
  let nats: PrivateServer;
  const running: ServiceProcess[] = [];

  beforeAll(async () => {
    nats = await privateNats();
  });

  afterAll(async () => {
    for (const service of running) service.child.kill('SIGKILL');
    await nats?.dispose();
  });

  const start = async (graceMs: number) => {
    const service = await startServiceProcess(nats.url, graceMs);
    running.push(service);
    return service;
  };

  it('finishes a request in flight that is shorter than the grace, then exits', async () => {
    const service = await start(5000);
    const started = service.printed('slow request started');
    const answer = fetch(`${service.baseUrl}/slow?ms=1500`);
    await started;
    const stoppedAt = Date.now();
    service.child.kill('SIGTERM');

    const response = await answer;
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ waitedMs: 1500 });
    await expect(fetch(`${service.baseUrl}/slow?ms=0`)).rejects.toThrow();
    expect(await service.exited).toEqual({ code: null, signal: 'SIGTERM' });
    // It did not wait out the whole grace once the request was answered.
    expect(Date.now() - stoppedAt).toBeLessThan(5000);
  });

  it('closes a request that outlasts the grace and exits about when the grace ends', async () => {
    const service = await start(1500);
    const started = service.printed('slow request started');
    const answer = fetch(`${service.baseUrl}/slow?ms=60000`).then(
      (response) => response.status,
      () => 'connection closed',
    );
    await started;
    const stoppedAt = Date.now();
    service.child.kill('SIGTERM');

    expect(await answer).toBe('connection closed');
    expect(await service.exited).toEqual({ code: null, signal: 'SIGTERM' });
    const tookMs = Date.now() - stoppedAt;
    expect(tookMs).toBeGreaterThanOrEqual(1400);
    // The grace, plus closing consumers, NATS and MongoDB on a loaded machine.
    expect(tookMs).toBeLessThan(1500 + 3000);
  });
});

describe('a service whose durable consumer is deleted from NATS', () => {
  let nats: PrivateServer;
  let service: ServiceProcess | null = null;

  beforeAll(async () => {
    nats = await privateNats();
  });

  afterAll(async () => {
    service?.child.kill('SIGKILL');
    await nats?.dispose();
  });

  it('exits with code 1, naming the consumer, instead of answering HTTP with no events handled', async () => {
    service = await startServiceProcess(nats.url, 1000, { TEST_LOG_LEVEL: 'debug' });
    const consumer = consumerName('shutdown', EVENT_SUBJECTS.testCreated);
    const nc = await connect({ servers: nats.url });
    try {
      const jsm = await nc.jetstreamManager();
      await jsm.consumers.delete(await jsm.streams.find(EVENT_SUBJECTS.testCreated), consumer);
    } finally {
      await nc.close();
    }
    expect(await service.exited).toEqual({ code: 1, signal: null });
    expect(service.stdout()).toContain(
      `Consumer ${consumer} was deleted from NATS: no ${EVENT_SUBJECTS.testCreated} event would be handled any more; exiting (code 1) to be started again`,
    );
  });
});
