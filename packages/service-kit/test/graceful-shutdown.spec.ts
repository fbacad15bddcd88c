import { Agent, request } from 'node:http';
import { connect } from 'nats';
import { EVENT_SUBJECTS } from '@mcat/contracts';
import { consumerName } from '../src';
import { privateNats, type PrivateServer } from '@mcat/test-support/private-infra';
import { testInfra } from '@mcat/test-support/test-env';
import { startServiceProcess, type ServiceProcess } from './support/event-test-service-process';
import { waitFor } from './support/wait-for';

interface KeptAliveAnswer {
  status: number;
  connection: string | undefined;
  /** The request went on a connection an earlier request had opened. */
  reusedSocket: boolean;
}

/** A GET through `agent`, which keeps its connections open between requests as a pool does. */
function getKeptAlive(agent: Agent, url: string): Promise<KeptAliveAnswer> {
  return new Promise((resolve, reject) => {
    const outgoing = request(url, { agent }, (incoming) => {
      incoming.resume();
      incoming.on('end', () =>
        resolve({
          status: incoming.statusCode ?? 0,
          connection: incoming.headers.connection,
          reusedSocket: outgoing.reusedSocket,
        }),
      );
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

// Booting a service in a child process takes seconds on a loaded 2-core machine.
jest.setTimeout(90_000);

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

  const start = async (graceMs: number, env?: Record<string, string>) => {
    const service = await startServiceProcess({
      natsUrl: nats.url,
      mongoUrl: testInfra.mongoUrl(),
      shutdownGraceMs: graceMs,
      env,
    });
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
    expect(response.headers.get('connection')).toBe('close');
    expect(await service.exited).toEqual({ code: null, signal: 'SIGTERM' });
    // It did not wait out the whole grace once the request was answered.
    expect(Date.now() - stoppedAt).toBeLessThan(5000);
    await expect(fetch(`${service.baseUrl}/slow?ms=0`)).rejects.toThrow();
  });

  it('answers a request sent after SIGTERM on a kept-alive connection, then lets it go', async () => {
    const service = await start(5000, { TEST_LOG_LEVEL: 'debug' });
    const pool = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const before = await getKeptAlive(pool, `${service.baseUrl}/slow?ms=0`);
      expect(before).toMatchObject({ status: 200, connection: 'keep-alive' });
      service.child.kill('SIGTERM');
      await waitFor('the service to take the signal', async () =>
        service
          .logLines<{ message?: string }>()
          .some((line) => line.message?.startsWith('SIGTERM:')),
      );

      // Closing the idle connection at once failed this request: a pool such as the gateway's
      // sends on the connection it holds, and meets a closed socket (a 502 for the student).
      const after = await getKeptAlive(pool, `${service.baseUrl}/slow?ms=0`);
      expect(after).toEqual({ status: 200, connection: 'close', reusedSocket: true });
      expect(await service.exited).toEqual({ code: null, signal: 'SIGTERM' });
    } finally {
      pool.destroy();
    }
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
    service = await startServiceProcess({
      natsUrl: nats.url,
      mongoUrl: testInfra.mongoUrl(),
      shutdownGraceMs: 1000,
      env: { TEST_LOG_LEVEL: 'debug' },
    });
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
