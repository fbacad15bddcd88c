import { DEAD_LETTER_STREAM, EVENT_STREAMS, EVENT_SUBJECTS } from '@mcat/contracts';
import { connect, type JetStreamManager, type NatsConnection } from 'nats';
import { privateNats, type PrivateServer } from '@mcat/test-support/private-infra';
import { testInfra } from '@mcat/test-support/test-env';
import { DUPLICATE_WINDOW_MS } from '../src';
import { startEventTestService } from './support/event-test-service';

jest.setTimeout(60_000);

const streamNames = [...EVENT_STREAMS, DEAD_LETTER_STREAM].map((stream) => stream.name).sort();

/** A fresh NATS (no streams yet) for each case, and a plain client that creates nothing itself. */
describe('event streams of a service that only publishes', () => {
  let nats: PrivateServer;
  let nc: NatsConnection;
  let jsm: JetStreamManager;

  beforeEach(async () => {
    nats = await privateNats();
    nc = await connect({ servers: nats.url });
    jsm = await nc.jetstreamManager();
  });

  afterEach(async () => {
    await nc?.close();
    await nats?.dispose();
  });

  const streamsOnServer = async () =>
    (await jsm.streams.list().next()).map((info) => info.config.name).sort();

  it('exist as soon as it has started, before it publishes anything', async () => {
    expect(await streamsOnServer()).toEqual([]);
    const billing = await startEventTestService({
      name: 'billing',
      mongoUrl: testInfra.mongoUrl(),
      natsUrl: nats.url,
    });
    try {
      expect(await streamsOnServer()).toEqual(streamNames);
      const billingStream = await jsm.streams.info('BILLING');
      expect(billingStream.config.subjects).toEqual(['billing.>']);
      expect(billingStream.config.duplicate_window).toBe(DUPLICATE_WINDOW_MS * 1_000_000);
    } finally {
      await billing.close();
    }
  });

  it('keep the events already stored when the service starts again', async () => {
    const mongoUrl = testInfra.mongoUrl();
    const first = await startEventTestService({ name: 'tests', mongoUrl, natsUrl: nats.url });
    await first.close();
    await nc.jetstream().publish(EVENT_SUBJECTS.testDeleted, new TextEncoder().encode('{}'));
    const second = await startEventTestService({ name: 'tests', mongoUrl, natsUrl: nats.url });
    await second.close();
    expect(await streamsOnServer()).toEqual(streamNames);
    expect((await jsm.streams.info('TESTS')).state.messages).toBe(1);
  });
});
