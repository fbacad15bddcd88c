import { EVENT_SUBJECTS, type TestSnapshot } from '@mcat/contracts';
import mongoose from 'mongoose';
import {
  listOutboxDeadLetters,
  OUTBOX_DEAD_LETTERS,
  outboxEvent,
  replayOutboxDeadLetter,
  type OutboxDeadLetter,
} from '../src';
import { startEventTestService } from './support/event-test-service';
import { outboxWorld } from './support/outbox-world';
import { waitFor } from './support/wait-for';

jest.setTimeout(60_000);

const created = EVENT_SUBJECTS.testCreated;

const snapshot = (source: string): TestSnapshot => ({
  testId: new mongoose.Types.ObjectId().toString(),
  userId: new mongoose.Types.ObjectId().toString(),
  source,
  dateTaken: '2025-02-01T00:00:00.000Z',
});

/** Larger than the 1 MiB a NATS server takes in one message by default. */
const OVERSIZED_SOURCE = 'x'.repeat(1_200_000);

describe('outbox dead letters: an event that can never be published', () => {
  const world = outboxWorld();

  const deadLetters = () => world.publisherDb.collection<OutboxDeadLetter>(OUTBOX_DEAD_LETTERS);
  const outboxOf = async (id: mongoose.Types.ObjectId) =>
    (await world.publisherDb.collection('notes').findOne({ _id: id }))?.outbox as
      unknown[] | undefined;

  beforeAll(async () => {
    world.running.push(
      await startEventTestService({
        name: 'questions',
        mongoUrl: world.consumerMongoUrl,
        natsUrl: world.nats.url,
        consume: { retryDelaysMs: [200] },
      }),
    );
  });

  it('keeps an oversized or malformed event in outbox_dead_letters with its error, and publishes the events behind it', async () => {
    const publisher = await startEventTestService({
      name: 'tests',
      mongoUrl: world.publisherMongoUrl,
      natsUrl: world.nats.url,
      outboxRelay: { pollIntervalMs: 200, maxBackoffMs: 500 },
    });
    world.running.push(publisher);

    const oversized = outboxEvent(created, snapshot(OVERSIZED_SOURCE));
    const after = outboxEvent(created, snapshot('AAMC FL 1'));
    const unknownSubject = {
      ...outboxEvent(created, snapshot('AAMC FL 2')),
      subject: 'tests.nope',
    };
    const other = outboxEvent(created, snapshot('AAMC FL 3'));
    const poisoned = await publisher.notes.create({
      title: 'poisoned',
      outbox: [oversized, after],
    });
    // Past the schema's validation, so marked by hand as the plugin marks its writes.
    const malformed = await world.publisherDb.collection('notes').insertOne({
      title: 'malformed',
      outbox: [unknownSubject],
      outboxPending: true,
    });
    await publisher.notes.create({ title: 'other', outbox: [other] });

    // The events behind the unpublishable ones are published and handled.
    await world.handledOnce(after.id);
    await world.handledOnce(other.id);
    await waitFor('both outboxes to be emptied', async () => {
      const [a, b] = await Promise.all([outboxOf(poisoned._id), outboxOf(malformed.insertedId)]);
      return a?.length === 0 && b?.length === 0;
    });

    const letters = await listOutboxDeadLetters(world.publisherDb.db!);
    expect(letters).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          id: oversized.id,
          collection: 'notes',
          documentId: String(poisoned._id),
          subject: created,
          error: expect.stringMatching(/MAX_PAYLOAD_EXCEEDED/) as unknown,
        }),
        expect.objectContaining({
          id: unknownSubject.id,
          documentId: String(malformed.insertedId),
          error: 'the subject "tests.nope" is not an event subject of the product',
        }),
      ]),
    );
    expect(letters.find((l) => l.id === oversized.id)?.bytes).toBeGreaterThan(1_200_000);
    expect(await world.effect(oversized.id)).toBeNull();
  });

  it('replays a dead letter once its cause is fixed: the consumer handles it and the letter is gone', async () => {
    const db = world.publisherDb.db!;
    await deadLetters().updateOne(
      { _id: (await listOutboxDeadLetters(db)).find((l) => l.bytes > 1_000_000)!.id },
      { $set: { 'entry.data.source': 'AAMC FL 4' } },
    );
    const [fixed] = (await listOutboxDeadLetters(db)).filter((l) => l.subject === created);
    const subject = await replayOutboxDeadLetter(db, (e) => world.client.publish(e), fixed!.id);

    expect(subject).toBe(created);
    expect((await world.handledOnce(fixed!.id)).data).toEqual(
      expect.objectContaining({ source: 'AAMC FL 4' }),
    );
    expect(await deadLetters().findOne({ _id: fixed!.id })).toBeNull();
    await expect(
      replayOutboxDeadLetter(db, (e) => world.client.publish(e), fixed!.id),
    ).rejects.toThrow(`No outbox dead letter ${fixed!.id}`);
  });

  it('refuses to replay an entry that is still no event, and keeps it', async () => {
    const db = world.publisherDb.db!;
    const [still] = (await listOutboxDeadLetters(db)).filter((l) => l.subject === 'tests.nope');
    await expect(
      replayOutboxDeadLetter(db, (e) => world.client.publish(e), still!.id),
    ).rejects.toThrow(
      'is still no event: the subject "tests.nope" is not an event subject of the product',
    );
    expect(await deadLetters().findOne({ _id: still!.id })).not.toBeNull();
  });
});
