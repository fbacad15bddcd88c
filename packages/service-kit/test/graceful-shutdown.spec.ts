import { connect } from 'nats';
import { EVENT_SUBJECTS } from '@mcat/contracts';
import { consumerName } from '../src';
import { privateNats, type PrivateServer } from '@mcat/test-support/private-infra';
import { testInfra } from '@mcat/test-support/test-env';
import { startServiceProcess, type ServiceProcess } from './support/event-test-service-process';

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

  const start = async (graceMs: number) => {
    const service = await startServiceProcess({
      natsUrl: nats.url,
      mongoUrl: testInfra.mongoUrl(),
      shutdownGraceMs: graceMs,
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
