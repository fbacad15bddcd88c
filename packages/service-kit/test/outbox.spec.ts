import { EVENT_SUBJECTS, type TestSnapshot } from '@mcat/contracts';
import mongoose, { type Connection } from 'mongoose';
import { testInfra } from '@mcat/test-support/test-env';
import { consumerName, outboxEvent } from '../src';
import { TEST_INTERNAL_API_TOKEN } from '../src/testing';
import {
  noteSchema,
  startEventTestService,
  type Effect,
  type Note,
} from './support/event-test-service';
import { outboxWorld } from './support/outbox-world';
import { sleep, waitFor } from './support/wait-for';

// Services boot, NATS restarts and redeliveries take seconds on a loaded 2-core machine.
jest.setTimeout(60_000);

const created = EVENT_SUBJECTS.testCreated;
const deleted = EVENT_SUBJECTS.testDeleted;

const snapshot = (source = 'AAMC FL 2'): TestSnapshot => ({
  testId: new mongoose.Types.ObjectId().toString(),
  userId: new mongoose.Types.ObjectId().toString(),
  source,
  dateTaken: '2025-02-01T00:00:00.000Z',
});

interface StoredNote extends Note {
  _id: mongoose.Types.ObjectId;
}

describe('outbox relay', () => {
  const world = outboxWorld();

  const consumer = consumerName('questions', created);
  const storedNote = (id: mongoose.Types.ObjectId) =>
    world.publisherDb.collection<StoredNote>('notes').findOne({ _id: id });

  const startPublisher = async (pollIntervalMs = 200) => {
    const service = await startEventTestService({
      name: 'tests',
      mongoUrl: world.publisherMongoUrl,
      natsUrl: world.nats.url,
      outboxRelay: { pollIntervalMs, maxBackoffMs: 500 },
    });
    world.running.push(service);
    return service;
  };
  const startConsumer = async () => {
    const service = await startEventTestService({
      name: 'questions',
      mongoUrl: world.consumerMongoUrl,
      natsUrl: world.nats.url,
      consume: { retryDelaysMs: [200] },
    });
    world.running.push(service);
    return service;
  };
  afterEach(async () => {
    await Promise.all(world.running.splice(0).map((service) => service.close()));
  });

  it('publishes a write made while NATS is stopped once NATS is back, and the consumer handles it exactly once', async () => {
    const publisher = await startPublisher();
    await startConsumer();
    await world.nats.stop();

    const entry = outboxEvent(created, snapshot());
    const note = await publisher.notes.create({
      title: 'written during the outage',
      outbox: [entry],
    });
    await sleep(2000);
    expect((await storedNote(note._id))?.outbox).toHaveLength(1);

    await world.nats.start();
    const natsBackAt = Date.now();
    const handled = await world.handledOnce(entry.id);
    process.stdout.write(`NATS back to event handled: ${Date.now() - natsBackAt} ms\n`);
    expect(handled.data).toEqual(entry.data);
    await waitFor(
      'the outbox to be emptied',
      async () => (await storedNote(note._id))?.outbox?.length === 0,
    );
    await waitFor('the consumer to settle', () => world.client.consumerIdle('TESTS', consumer));
    await sleep(1000);
    expect((await world.effect(entry.id))?.count).toBe(1);
    expect((await world.effect(entry.id))?.attempts).toHaveLength(1);
  });

  it('shows the waiting events and the age of the oldest on /metrics while NATS is away, and none once they are out', async () => {
    const publisher = await startPublisher();
    const backlog = async () => {
      const text = await (
        await fetch(`${publisher.baseUrl}/metrics`, {
          headers: { authorization: `Bearer ${TEST_INTERNAL_API_TOKEN}` },
        })
      ).text();
      const value = (name: string) =>
        Number(new RegExp(`^${name}\\{collection="notes"\\} (\\S+)$`, 'm').exec(text)?.[1]);
      return {
        events: value('outbox_pending_events'),
        age: value('outbox_oldest_event_age_seconds'),
      };
    };
    await world.nats.stop();
    try {
      await publisher.notes.create({
        title: 'waiting for NATS',
        outbox: [outboxEvent(created, snapshot()), outboxEvent(created, snapshot())],
      });
      await sleep(2500);
      const waiting = await backlog();
      expect(waiting.events).toBe(2);
      expect(waiting.age).toBeGreaterThanOrEqual(1);
      expect(waiting.age).toBeLessThan(30);
    } finally {
      await world.nats.start();
    }
    await waitFor('the backlog to be published', async () => (await backlog()).events === 0);
    expect((await backlog()).age).toBe(0);
  });

  it('loses nothing when the process stops between the write and the publish: the relay publishes the stored entry when it starts', async () => {
    const entry = outboxEvent(created, snapshot());
    const id = new mongoose.Types.ObjectId();
    await world.publisherDb
      .collection<StoredNote>('notes')
      .insertOne({ _id: id, title: 'written before a crash', deletedAt: null, outbox: [entry] });
    await startConsumer();
    await sleep(500);
    expect(await world.effect(entry.id)).toBeNull();

    await startPublisher();
    await world.handledOnce(entry.id);
    await waitFor(
      'the outbox to be emptied',
      async () => (await storedNote(id))?.outbox?.length === 0,
    );
    expect(await storedNote(id)).toMatchObject({ title: 'written before a crash', outbox: [] });
  });

  it('publishes a write through a registered model at once, without waiting for the next poll', async () => {
    const publisher = await startPublisher(60_000);
    await startConsumer();
    await sleep(300);
    const entry = outboxEvent(created, snapshot());
    const startedAt = Date.now();
    await publisher.notes.create({ title: 'nudged', outbox: [entry] });
    await world.handledOnce(entry.id);
    const latencyMs = Date.now() - startedAt;
    process.stdout.write(`outbox write to handled event: ${latencyMs} ms\n`);
    expect(latencyMs).toBeLessThan(2000);
  });

  it('publishes the event of a soft delete and then removes the document, which no query sees meanwhile', async () => {
    const publisher = await startPublisher();
    await startConsumer();
    const note = await publisher.notes.create({ title: 'to delete' });
    const event = outboxEvent(deleted, { testId: note._id.toString(), userId: 'u1' });
    await publisher.notes.updateOne(
      { _id: note._id },
      { $set: { deletedAt: new Date() }, $push: { outbox: event } },
    );
    expect(await publisher.notes.findById(note._id)).toBeNull();

    const handled = await world.handledOnce(event.id);
    expect(handled.data).toEqual({ testId: note._id.toString(), userId: 'u1' });
    await waitFor('the document to be removed', async () => (await storedNote(note._id)) === null);
  });

  it('finds its work by the outboxPending mark: the mark goes once the events are out, and a marked document with nothing queued is settled', async () => {
    const publisher = await startPublisher();
    await startConsumer();
    const entry = outboxEvent(created, snapshot());
    const note = await publisher.notes.create({ title: 'marked', outbox: [entry] });
    await world.handledOnce(entry.id);
    await waitFor('the mark to go', async () => {
      const stored = await storedNote(note._id);
      return stored?.outbox?.length === 0 && !('outboxPending' in stored);
    });

    // Left by a crash between the last $pullAll and the unset, or by an older version's relay.
    const raw = world.publisherDb.collection('notes');
    const settled = new mongoose.Types.ObjectId();
    const gone = new mongoose.Types.ObjectId();
    await raw.insertMany([
      { _id: settled, title: 'nothing queued', deletedAt: null, outbox: [], outboxPending: true },
      { _id: gone, title: 'deleted', deletedAt: new Date(), outbox: [], outboxPending: true },
    ]);
    await waitFor('the marked documents to be settled', async () => {
      const live = await storedNote(settled);
      return live !== null && !('outboxPending' in live) && (await storedNote(gone)) === null;
    });
  });

  it('publishes each event once to the consumer when two relays (replicas) share the outbox', async () => {
    const replicas = [await startPublisher(), await startPublisher()];
    await startConsumer();
    const entries = Array.from({ length: 20 }, () => outboxEvent(created, snapshot()));
    await Promise.all(
      entries.map((entry, i) =>
        replicas[i % 2]!.notes.create({ title: `replicated ${i}`, outbox: [entry] }),
      ),
    );
    for (const entry of entries) await world.handledOnce(entry.id);
    await waitFor('the consumer to settle', () => world.client.consumerIdle('TESTS', consumer));
    const effects = await world.consumerDb
      .collection<Effect>('effects')
      .find({ _id: { $in: entries.map((e) => e.id) } })
      .toArray();
    expect(effects.map((e) => e.count)).toEqual(entries.map(() => 1));
  });
});

describe('outboxPlugin', () => {
  let db: Connection;
  let notes: mongoose.Model<Note>;

  beforeAll(async () => {
    db = await mongoose.createConnection(testInfra.mongoUrl()).asPromise();
    notes = db.model<Note>('Note', noteSchema);
    await notes.init();
  });

  afterAll(() => db.close());

  it('hides soft-deleted documents from finds, counts, distinct and aggregations unless the filter names deletedAt', async () => {
    const live = await notes.create({ title: 'live' });
    const gone = await notes.create({ title: 'gone' });
    await notes.updateOne({ _id: gone._id }, { $set: { deletedAt: new Date() } });

    expect((await notes.find()).map((n) => n.title)).toEqual(['live']);
    expect(await notes.findById(gone._id)).toBeNull();
    expect(await notes.countDocuments()).toBe(1);
    expect(await notes.distinct('title')).toEqual(['live']);
    expect(await notes.aggregate([{ $group: { _id: null, n: { $sum: 1 } } }])).toEqual([
      { _id: null, n: 1 },
    ]);
    expect((await notes.updateOne({ _id: gone._id }, { $set: { title: 'x' } })).matchedCount).toBe(
      0,
    );
    expect((await notes.find({ deletedAt: { $ne: null } })).map((n) => n.title)).toEqual(['gone']);
    expect(live.toJSON()).toEqual({ _id: live._id, title: 'live', __v: 0 });
  });

  it('marks every write that queues an event or soft-deletes, and no other, in the same write', async () => {
    const pending = async (id: mongoose.Types.ObjectId) =>
      (await db.collection('notes').findOne({ _id: id }))?.outboxPending === true;
    const event = () => outboxEvent(created, snapshot());

    const plain = await notes.create({ title: 'plain' });
    const withEvent = await notes.create({ title: 'with event', outbox: [event()] });
    const [inserted] = await notes.insertMany([{ title: 'inserted', outbox: [event()] }]);
    expect(await pending(plain._id)).toBe(false);
    expect(await pending(withEvent._id)).toBe(true);
    expect(await pending(inserted!._id)).toBe(true);

    const edited = await notes.create({ title: 'edited' });
    await notes.updateOne({ _id: edited._id }, { $set: { title: 'renamed' } });
    expect(await pending(edited._id)).toBe(false);
    await notes.updateOne({ _id: edited._id }, { $push: { outbox: event() } });
    expect(await pending(edited._id)).toBe(true);

    const deleted = await notes.create({ title: 'soft-deleted' });
    await notes.updateOne({ _id: deleted._id }, { deletedAt: new Date() });
    expect(await pending(deleted._id)).toBe(true);

    const replaced = await notes.create({ title: 'replaced' });
    await notes.replaceOne({ _id: replaced._id }, { title: 'new', outbox: [event()] });
    expect(await pending(replaced._id)).toBe(true);
    expect(withEvent.toJSON()).not.toHaveProperty('outboxPending');
  });

  it('does not select the outbox unless asked', async () => {
    const entry = outboxEvent(created, snapshot());
    const note = await notes.create({ title: 'with event', outbox: [entry] });
    const plain = await notes.findById(note._id).lean();
    expect(plain).not.toHaveProperty('outbox');
    const withOutbox = await notes.findById(note._id).select('+outbox').lean();
    expect(withOutbox?.outbox).toEqual([entry]);
  });
});
