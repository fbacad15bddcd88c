import { EVENT_SUBJECTS, deadLetterSubject, type TestSnapshot } from '@mcat/contracts';
import mongoose, { type Connection } from 'mongoose';
import { privateNats, type PrivateServer } from '@mcat/test-support/private-infra';
import { testInfra } from '@mcat/test-support/test-env';
import {
  DEAD_LETTER_HEADERS,
  consumerName,
  createEventEnvelope,
  listDeadLetters,
  replayDeadLetter,
} from '../src';
import {
  ALWAYS_FAILS,
  FAILS_ONCE,
  HANDLER_ERROR,
  REPAIRS,
  SLOW_HANDLER_MS,
  startEventTestService,
  type Effect,
  type EventTestService,
} from './support/event-test-service';
import { TEST_INTERNAL_API_TOKEN } from '../src/testing';
import { DEAD_LETTERS_USAGE, deadLettersCommand } from '../src/events/dead-letters-command';
import { natsServer } from '../src/infra/nats-credentials';

/** /metrics answers only a scrape with the service credential. */
const scrape = { headers: { authorization: `Bearer ${TEST_INTERNAL_API_TOKEN}` } };
import { natsTestClient, type NatsTestClient } from './support/nats-test-client';
import { sleep, waitFor } from './support/wait-for';

// Services boot, NATS restarts and redeliveries take seconds on a loaded 2-core machine.
jest.setTimeout(60_000);

const created = EVENT_SUBJECTS.testCreated;

const snapshot = (source = 'AAMC FL 1'): TestSnapshot => ({
  testId: new mongoose.Types.ObjectId().toString(),
  userId: new mongoose.Types.ObjectId().toString(),
  source,
  dateTaken: '2025-03-01T00:00:00.000Z',
});

describe('JetStream event consumers', () => {
  let nats: PrivateServer;
  let client: NatsTestClient;
  let db: Connection;
  let service: EventTestService | null = null;
  const name = 'questions';
  const mongoUrl = testInfra.mongoUrl();

  const effect = (id: string) => db.collection<Effect>('effects').findOne({ _id: id });
  const start = (consume = {}) =>
    startEventTestService({ name, mongoUrl, natsUrl: nats.url, consume });

  beforeAll(async () => {
    nats = await privateNats();
    client = await natsTestClient(nats.url);
    db = await mongoose.createConnection(mongoUrl).asPromise();
  });

  afterEach(async () => {
    await service?.close();
    service = null;
  });

  afterAll(async () => {
    await client.close();
    await db.close();
    await nats.dispose();
  });

  it('handles an event published while the consuming service was stopped, once it starts', async () => {
    service = await start();
    await service.close();
    service = null;

    const envelope = createEventEnvelope(created, snapshot());
    await client.publish(envelope);
    await sleep(300);
    expect(await effect(envelope.id)).toBeNull();

    service = await start();
    const handled = await waitFor('the event to be handled', async () => {
      const found = await effect(envelope.id);
      return found?.count === 1 ? found : null;
    });
    expect(handled).toMatchObject({ subject: created, count: 1, data: envelope.data });
  });

  it('retries a handler that throws with growing delays, then dead-letters the event with the error', async () => {
    service = await start({ maxDeliveries: 3, retryDelaysMs: [300, 600] });
    const envelope = createEventEnvelope(created, snapshot(ALWAYS_FAILS));
    await client.publish(envelope);

    const consumer = consumerName(name, created);
    const dead = await waitFor('the dead-letter message', () =>
      client.jsm.streams
        .getMessage('DEADLETTER', { last_by_subj: deadLetterSubject(consumer, created) })
        .catch(() => null),
    );
    expect(JSON.parse(new TextDecoder().decode(dead.data))).toEqual(envelope);
    expect(dead.header.get(DEAD_LETTER_HEADERS.error)).toBe(HANDLER_ERROR);
    expect(dead.header.get(DEAD_LETTER_HEADERS.consumer)).toBe(consumer);
    expect(dead.header.get(DEAD_LETTER_HEADERS.subject)).toBe(created);
    expect(dead.header.get(DEAD_LETTER_HEADERS.deliveries)).toBe('3');

    await waitFor('the consumer to settle', () => client.consumerIdle('TESTS', consumer));
    await sleep(1000);
    const attempts = (await effect(envelope.id))?.attempts ?? [];
    expect(attempts).toHaveLength(3);
    const gaps = [1, 2].map((i) => attempts[i]!.getTime() - attempts[i - 1]!.getTime());
    expect(gaps[0]).toBeGreaterThanOrEqual(250);
    expect(gaps[1]).toBeGreaterThanOrEqual(550);
    expect((await effect(envelope.id))?.count).toBeUndefined();

    const metrics = await (await fetch(`${service.baseUrl}/metrics`, scrape)).text();
    expect(metrics).toMatch(
      new RegExp(`events_dead_lettered_total\\{consumer="${consumer}",subject="${created}"\\} 1`),
    );
  });

  it('handles an event on redelivery when the handler fails only the first time, without dead-lettering it', async () => {
    service = await start({ maxDeliveries: 3, retryDelaysMs: [200] });
    const envelope = createEventEnvelope(created, snapshot(FAILS_ONCE));
    await client.publish(envelope);

    const handled = await waitFor('the retried event to be handled', async () => {
      const found = await effect(envelope.id);
      return found?.count === 1 ? found : null;
    });
    expect(handled.attempts).toHaveLength(2);
    const consumer = consumerName(name, created);
    await waitFor('the consumer to settle', () => client.consumerIdle('TESTS', consumer));
    const dead = await client.jsm.streams
      .getMessage('DEADLETTER', { last_by_subj: deadLetterSubject(consumer, created) })
      .then((m) => JSON.parse(new TextDecoder().decode(m.data)) as { id: string })
      .catch(() => null);
    expect(dead?.id).not.toBe(envelope.id);
  });

  it('drops a second delivery of the same event id (published twice with different message ids) without a second effect', async () => {
    service = await start();
    const envelope = createEventEnvelope(created, snapshot());
    await client.publish(envelope, `${envelope.id}-first`);
    const lastSeq = await client.publish(envelope, `${envelope.id}-second`);

    const consumer = consumerName(name, created);
    await waitFor('both deliveries to be acknowledged', async () => {
      const info = await client.jsm.consumers.info('TESTS', consumer);
      return info.delivered.stream_seq >= lastSeq && (await client.consumerIdle('TESTS', consumer));
    });
    const handled = await effect(envelope.id);
    expect(handled?.count).toBe(1);
    expect(handled?.attempts).toHaveLength(1);
    expect(
      await db
        .collection('processed_events')
        .countDocuments({ _id: `${consumer}:${envelope.id}` } as never),
    ).toBe(1);

    const metrics = await (await fetch(`${service.baseUrl}/metrics`, scrape)).text();
    expect(metrics).toMatch(
      new RegExp(
        `events_duplicates_dropped_total\\{consumer="${consumer}",subject="${created}"\\} 1`,
      ),
    );
  });

  it('replays a dead-lettered event once its cause is fixed, and removes the dead letter', async () => {
    service = await start({ maxDeliveries: 2, retryDelaysMs: [100] });
    const envelope = createEventEnvelope(created, snapshot(ALWAYS_FAILS));
    await client.publish(envelope);
    const letter = await waitFor('the dead letter', async () =>
      (await listDeadLetters(client.nc)).find((l) => l.body.includes(envelope.id)),
    );
    expect(letter).toMatchObject({ subject: created, error: HANDLER_ERROR, deliveries: '2' });

    await db.collection(REPAIRS).insertOne({ eventId: envelope.id });
    expect(await replayDeadLetter(client.nc, letter.sequence)).toBe(created);

    const handled = await waitFor('the replayed event to be handled', async () => {
      const found = await effect(envelope.id);
      return found?.count === 1 ? found : null;
    });
    expect(handled.attempts).toHaveLength(3);
    const remaining = await listDeadLetters(client.nc);
    expect(remaining.map((l) => l.sequence)).not.toContain(letter.sequence);
  });

  it('lists, shows and replays a dead letter with the one dead-letters command, and the replay succeeds', async () => {
    service = await start({ maxDeliveries: 2, retryDelaysMs: [100] });
    const envelope = createEventEnvelope(created, snapshot(ALWAYS_FAILS));
    await client.publish(envelope);
    const letter = await waitFor('the dead letter', async () =>
      (await listDeadLetters(client.nc)).find((l) => l.body.includes(envelope.id)),
    );
    const run = async (...args: string[]) => {
      const out: string[] = [];
      const err: string[] = [];
      const code = await deadLettersCommand(args, natsServer(nats.url, undefined), {
        out: (line) => out.push(line),
        err: (line) => err.push(line),
      });
      return { code, out: out.join('\n'), err: err.join('\n') };
    };

    const listed = await run('list');
    expect(listed.code).toBe(0);
    expect(listed.out).toContain(
      `#${letter.sequence}  ${letter.failedAt}  ${consumerName(name, created)}  ${created}  ` +
        `after 2 deliveries: ${HANDLER_ERROR}`,
    );
    const shown = await run('show', String(letter.sequence));
    expect(shown.code).toBe(0);
    expect(JSON.parse(shown.out)).toEqual({
      sequence: letter.sequence,
      consumer: consumerName(name, created),
      subject: created,
      error: HANDLER_ERROR,
      deliveries: '2',
      failedAt: letter.failedAt,
      event: envelope,
    });
    expect(await run('show', '999999')).toEqual({
      code: 1,
      out: '',
      err: 'No dead letter 999999: "list" shows the ones there are.',
    });
    expect(await run('replay', 'all')).toMatchObject({ code: 2, err: DEAD_LETTERS_USAGE });

    await db.collection(REPAIRS).insertOne({ eventId: envelope.id });
    expect(await run('replay', String(letter.sequence))).toEqual({
      code: 0,
      out: `Replayed dead letter ${letter.sequence} on ${created} and removed it.`,
      err: '',
    });
    await waitFor('the replayed event to be handled', async () =>
      (await effect(envelope.id))?.count === 1 ? true : null,
    );
    expect((await run('list')).out).not.toContain(`#${letter.sequence} `);
  });

  it('lets the handler in progress finish when the service closes, and does not handle that event again after a restart', async () => {
    service = await start();
    const envelope = createEventEnvelope(EVENT_SUBJECTS.testUpdated, snapshot());
    await client.publish(envelope);
    await waitFor(
      'the handler to start',
      async () => (await effect(envelope.id))?.attempts.length === 1,
    );

    const closing = Date.now();
    await service.close();
    service = null;
    expect(Date.now() - closing).toBeLessThan(SLOW_HANDLER_MS + 2000);
    expect((await effect(envelope.id))?.count).toBe(1);

    service = await start();
    const consumer = consumerName(name, EVENT_SUBJECTS.testUpdated);
    await waitFor('the consumer to settle', () => client.consumerIdle('TESTS', consumer));
    await sleep(500);
    expect(await effect(envelope.id)).toMatchObject({ count: 1, attempts: [expect.any(Date)] });
  });
});
