/**
 * The trace of a request reaches the events it causes: an event written through the outbox inside
 * a request is published with that request's `traceparent` and `x-request-id` as NATS headers,
 * and the consuming service handles it inside that trace, so its log lines carry the request's
 * trace id and request id. The consumer runs as its own process with info logs on, and the test
 * reads its JSON log lines as an operator's log search would.
 */
import { EVENT_SUBJECTS, type TestSnapshot } from '@mcat/contracts';
import mongoose, { type Connection } from 'mongoose';
import { privateNats, type PrivateServer } from '@mcat/test-support/private-infra';
import { testInfra } from '@mcat/test-support/test-env';
import { consumerName, createEventEnvelope, parseTraceparent } from '../src';
import { TEST_INTERNAL_API_TOKEN } from '../src/testing';
import {
  startEventTestService,
  type Effect,
  type EventTestService,
} from './support/event-test-service';
import { startServiceProcess, type ServiceProcess } from './support/event-test-service-process';
import { natsTestClient, type NatsTestClient } from './support/nats-test-client';
import { waitFor } from './support/wait-for';

// A service process boots in seconds on a loaded 2-core machine.
jest.setTimeout(90_000);

const TRACE_ID = '0af7651916cd43dd8448eb211c80319c';
const PARENT_ID = 'b7ad6b7169203331';
const created = EVENT_SUBJECTS.testCreated;
/** The consumer process's service name (event-test-service.process.ts). */
const CONSUMER = consumerName('shutdown', created);

interface LogLine {
  message?: string;
  traceId?: string;
  spanId?: string;
  requestId?: string;
}

const snapshot = (): TestSnapshot => ({
  testId: new mongoose.Types.ObjectId().toString(),
  userId: new mongoose.Types.ObjectId().toString(),
  source: 'AAMC FL 4',
  dateTaken: '2025-04-01T00:00:00.000Z',
});

describe('trace context through events', () => {
  let nats: PrivateServer;
  let client: NatsTestClient;
  let consumerDb: Connection;
  let consumer: ServiceProcess;
  let publisher: EventTestService;
  const consumerMongoUrl = testInfra.mongoUrl();

  const handled = (id: string) =>
    waitFor(`event ${id} to be handled`, async () => {
      const found = await consumerDb.collection<Effect>('effects').findOne({ _id: id });
      return found?.count === 1 ? found : null;
    });

  beforeAll(async () => {
    nats = await privateNats();
    client = await natsTestClient(nats.url);
    consumerDb = await mongoose.createConnection(consumerMongoUrl).asPromise();
    consumer = await startServiceProcess({
      natsUrl: nats.url,
      mongoUrl: consumerMongoUrl,
      shutdownGraceMs: 0,
      env: { TEST_LOG_LEVEL: 'debug' },
    });
    publisher = await startEventTestService({
      name: 'tests',
      mongoUrl: testInfra.mongoUrl(),
      natsUrl: nats.url,
      outboxRelay: { pollIntervalMs: 200 },
    });
  });

  afterAll(async () => {
    consumer?.child.kill('SIGKILL');
    await publisher?.close();
    await client?.close();
    await consumerDb?.close();
    await nats?.dispose();
  });

  it("handles an event written through the outbox in a request inside that request's trace, and logs it with the trace id and request id", async () => {
    const requestId = `trace-test-${Date.now()}`;
    const response = await fetch(`${publisher.baseUrl}/notes`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        traceparent: `00-${TRACE_ID}-${PARENT_ID}-01`,
        'x-request-id': requestId,
      },
      body: JSON.stringify(snapshot()),
    });
    expect(response.status).toBe(201);
    const { eventId } = (await response.json()) as { eventId: string };

    const effect = await handled(eventId);
    expect(effect.trace).toMatchObject({ traceId: TRACE_ID, requestId });
    expect(effect.trace?.spanId).toMatch(/^[0-9a-f]{16}$/);
    expect(effect.trace?.spanId).not.toBe(PARENT_ID);

    // The message on the stream names the trace, with the publishing request's span as parent.
    const stored = await client.jsm.streams.getMessage('TESTS', { last_by_subj: created });
    const parent = parseTraceparent(stored.header.get('traceparent'));
    expect(parent?.traceId).toBe(TRACE_ID);
    expect(parent?.parentId).not.toBe(PARENT_ID);
    expect(stored.header.get('x-request-id')).toBe(requestId);
    expect(new TextDecoder().decode(stored.data)).not.toContain(TRACE_ID);

    const line = await waitFor('the consumer to log the handled event', async () =>
      consumer
        .logLines<LogLine>()
        .find((entry) => entry.message?.includes(`handled event ${eventId}`)),
    );
    expect(line).toMatchObject({ traceId: TRACE_ID, requestId, spanId: effect.trace?.spanId });
  });

  it('handles an event that carries no trace in a new trace of its own', async () => {
    const envelope = createEventEnvelope(created, snapshot());
    await client.publish(envelope);
    const effect = await handled(envelope.id);
    expect(effect.trace?.traceId).toMatch(/^[0-9a-f]{32}$/);
    expect(effect.trace?.traceId).not.toBe(TRACE_ID);
    expect(effect.trace?.requestId).toBeUndefined();
  });

  it('times each handled event from publish to handling, per consumer, on /metrics', async () => {
    const metrics = await (
      await fetch(`${consumer.baseUrl}/metrics`, {
        headers: { authorization: `Bearer ${TEST_INTERNAL_API_TOKEN}` },
      })
    ).text();
    const count = new RegExp(`^event_lag_seconds_count\\{consumer="${CONSUMER}"\\} (\\d+)$`, 'm');
    expect(Number(count.exec(metrics)?.[1])).toBeGreaterThanOrEqual(2);
    expect(metrics).toMatch(
      new RegExp(`event_lag_seconds_bucket\\{le="60",consumer="${CONSUMER}"\\}`),
    );
  });
});
