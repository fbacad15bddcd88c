import { DEAD_LETTER_STREAM, EVENT_STREAMS, EVENT_SUBJECTS } from '@mcat/contracts';
import { connect, type JetStreamManager, type NatsConnection } from 'nats';
import {
  privateNats,
  privateNatsCluster,
  untilStreamsSettled,
  type PrivateNatsCluster,
  type PrivateServer,
} from '@mcat/test-support/private-infra';
import { testInfra } from '@mcat/test-support/test-env';
import { DUPLICATE_WINDOW_MS, ensureEventStreams } from '../src';
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

/**
 * On a three-server JetStream cluster (a single server refuses more than one replica): the
 * replicas an operator gave the streams survive every migration and service start
 * (docs/adr/0028-migrations-only-add.md).
 */
describe('event streams on a three-server NATS', () => {
  let cluster: PrivateNatsCluster;
  let nc: NatsConnection;
  let jsm: JetStreamManager;

  beforeAll(async () => {
    cluster = await privateNatsCluster(3);
    nc = await connect({ servers: cluster.urls });
    jsm = await nc.jetstreamManager();
  });

  // The next case starts once the cluster no longer lists the streams: a stream still being
  // deleted would pass for an existing one and then vanish ("stream not found").
  afterEach(async () => {
    const names = await jsm.streams.names().next();
    await untilStreamsSettled(jsm, names);
    for (const name of names) await jsm.streams.delete(name);
    while ((await jsm.streams.names().next()).length > 0) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });

  afterAll(async () => {
    await nc?.close();
    await cluster?.dispose();
  });

  const replicasOnServer = async () =>
    Object.fromEntries(
      await Promise.all(
        streamNames.map(
          async (name) => [name, (await jsm.streams.info(name)).config.num_replicas] as const,
        ),
      ),
    );
  const every = (replicas: number) =>
    Object.fromEntries(streamNames.map((name) => [name, replicas]));
  /** What an operator does on a three-node NATS: `nats stream edit <stream> --replicas 3`. */
  const operatorGivesThreeReplicas = async () => {
    for (const name of streamNames) await jsm.streams.update(name, { num_replicas: 3 });
    await untilStreamsSettled(jsm, streamNames);
    expect(await replicasOnServer()).toEqual(every(3));
  };

  it('keep the three replicas an operator gave them when streams are ensured with the setting at one', async () => {
    await ensureEventStreams(jsm);
    await operatorGivesThreeReplicas();
    await nc.jetstream().publish(EVENT_SUBJECTS.testDeleted, new TextEncoder().encode('{}'));

    const said: string[] = [];
    await ensureEventStreams(jsm, { replicas: 1, log: (message) => said.push(message) });

    expect(await replicasOnServer()).toEqual(every(3));
    expect(said).toContain(
      "Stream TESTS keeps its 3 replicas, more than EVENT_STREAM_REPLICAS (1): a stream's replicas are never lowered",
    );
    expect(said).toHaveLength(streamNames.length);
    expect((await jsm.streams.info('TESTS')).state.messages).toBe(1);
  });

  it('are created with the configured replicas, and raised to them when the setting goes up', async () => {
    await ensureEventStreams(jsm);
    expect(await replicasOnServer()).toEqual(every(1));
    await ensureEventStreams(jsm, { replicas: 3 });
    expect(await replicasOnServer()).toEqual(every(3));
  });

  it('keep three replicas when a service with the setting unset starts, and get three from a service set to three', async () => {
    const mongoUrl = testInfra.mongoUrl();
    await ensureEventStreams(jsm);
    await operatorGivesThreeReplicas();
    const unset = await startEventTestService({
      name: 'tests',
      mongoUrl,
      natsUrl: cluster.url,
      consume: {},
    });
    await unset.close();
    expect(await replicasOnServer()).toEqual(every(3));

    for (const name of streamNames) await jsm.streams.delete(name);
    const three = await startEventTestService({
      name: 'tests',
      mongoUrl,
      natsUrl: cluster.url,
      eventStreamReplicas: 3,
      consume: {},
    });
    await three.close();
    expect(await replicasOnServer()).toEqual(every(3));
  });

  it('keep the subjects an older version publishes to besides the current ones', async () => {
    await ensureEventStreams(jsm);
    await untilStreamsSettled(jsm, ['AUTH']);
    // As if an older version's AUTH stream also took `accounts.>`, which this version no longer names.
    await jsm.streams.update('AUTH', { subjects: ['auth.>', 'accounts.>'] });

    await ensureEventStreams(jsm, { replicas: 3 });
    await untilStreamsSettled(jsm, ['AUTH']);

    const auth = await jsm.streams.info('AUTH');
    expect(auth.config.subjects).toEqual(['auth.>', 'accounts.>']);
    expect(auth.config.num_replicas).toBe(3);
    const ack = await nc.jetstream().publish('accounts.user.registered', new Uint8Array());
    expect(ack.stream).toBe('AUTH');
  });
});
