import { Injectable, Module, type DynamicModule, type INestApplication } from '@nestjs/common';
import { InjectConnection, InjectModel, MongooseModule } from '@nestjs/mongoose';
import { EVENT_SUBJECTS } from '@mcat/contracts';
import mongoose, { Schema, type Connection, type Model } from 'mongoose';
import { connect, type NatsConnection } from 'nats';
import { privateNats, type PrivateServer } from '@mcat/test-support/private-infra';
import { testInfra } from '@mcat/test-support/test-env';
import {
  AccountDataModule,
  bootstrapService,
  createEventEnvelope,
  internalRequestHeaders,
  ServiceKitModule,
  type AccountDataEraseSteps,
  type AccountDataExporter,
  type AccountDataOptions,
} from '../src';
import { deliverEvent, randomObjectId, TEST_INTERNAL_API_TOKEN } from '../src/testing';
import { kitTestConfig } from './support/kit-config';

jest.setTimeout(60_000);

interface StoredNote {
  userId: string;
  text: string;
}

const noteSchema = new Schema<StoredNote>({
  userId: { type: String, required: true },
  text: { type: String, required: true },
});
noteSchema.index({ userId: 1 });

const NOTES_MODELS = MongooseModule.forFeature([{ name: 'Note', schema: noteSchema }]);

/** A record the service keeps past an account's deletion, without the person (as billing's). */
interface LedgerEntry {
  _id: string;
  userId: string;
  email: string | null;
  amount: number;
}

/** What each erase step saw of the user's notes when it ran. */
interface StepRecord {
  step: 'before' | 'after';
  userId: string;
  notesLeft: number;
}

interface NotesAccountData {
  notes: string[];
}

@Injectable()
class NotesExporter implements AccountDataExporter<NotesAccountData> {
  constructor(@InjectModel('Note') private readonly notes: Model<StoredNote>) {}

  async export(userId: string): Promise<NotesAccountData> {
    const notes = await this.notes.find({ userId }).sort({ text: 1 }).lean();
    return { notes: notes.map((note) => note.text) };
  }
}

/** A provider the steps inject, given through the module's `providers`. */
@Injectable()
class StepLog {
  constructor(@InjectConnection() private readonly connection: Connection) {}

  async record(step: StepRecord['step'], userId: string): Promise<void> {
    const notesLeft = await this.connection.collection('notes').countDocuments({ userId });
    await this.connection.collection<StepRecord>('erasure_steps').insertOne({
      step,
      userId,
      notesLeft,
    });
  }
}

@Injectable()
class LedgerSteps implements AccountDataEraseSteps {
  readonly keptCollections = ['ledger'];

  constructor(
    @InjectConnection() private readonly connection: Connection,
    private readonly log: StepLog,
  ) {}

  async beforeErase(userId: string): Promise<Record<string, number>> {
    await this.log.record('before', userId);
    const anonymised = await this.connection
      .collection<LedgerEntry>('ledger')
      .updateMany({ userId }, { $set: { email: null } });
    return { 'ledger anonymised': anonymised.modifiedCount };
  }

  async afterErase(userId: string): Promise<void> {
    await this.log.record('after', userId);
  }
}

interface NotesService {
  app: INestApplication;
  name: string;
  url: string;
  db: Connection;
}

/**
 * The kit's AccountDataModule, configured by the service and erasing on a deleted account: a
 * `notes` collection of the user's documents, a `ledger` kept by the steps when there are any.
 */
describe('AccountDataModule: a service’s part of the student’s data', () => {
  let nats: PrivateServer;
  let nc: NatsConnection;
  const services: NotesService[] = [];

  async function startService(
    name: string,
    options: Omit<AccountDataOptions, 'internalPath' | 'exporter' | 'imports'>,
  ): Promise<NotesService> {
    const mongoUrl = testInfra.mongoUrl();
    const config = await kitTestConfig({ MONGO_URL: mongoUrl, NATS_URL: nats.url });
    @Module({})
    class NotesModule {}
    const module: DynamicModule = {
      module: NotesModule,
      imports: [
        ServiceKitModule.forRoot({ name, config }),
        AccountDataModule.forService({
          internalPath: 'internal/notes/users',
          imports: [NOTES_MODELS],
          exporter: NotesExporter,
          ...options,
        }),
      ],
    };
    const app = await bootstrapService({ module, config, consumeEvents: true });
    const db = await mongoose.createConnection(mongoUrl).asPromise();
    const service = { app, name, url: `http://127.0.0.1:${config.PORT}`, db };
    services.push(service);
    return service;
  }

  beforeAll(async () => {
    nats = await privateNats();
    nc = await connect({ servers: nats.url });
  });

  afterAll(async () => {
    for (const service of services) {
      await service.app.close();
      await service.db.close();
    }
    await nc?.close();
    await nats?.dispose();
  });

  const exportOf = (service: NotesService, userId: string, headers: Record<string, string>) =>
    fetch(`${service.url}/internal/notes/users/${userId}/export`, { headers });
  const withCredential = internalRequestHeaders(TEST_INTERNAL_API_TOKEN);
  const deleteAccount = (service: NotesService, userId: string) =>
    deliverEvent(nc, service.name, createEventEnvelope(EVENT_SUBJECTS.userDeleted, { userId }));
  const notesOf = (service: NotesService, userId: string) =>
    service.db.collection('notes').countDocuments({ userId });
  const writeNotes = (service: NotesService, userId: string, ...texts: string[]) =>
    service.db.collection('notes').insertMany(texts.map((text) => ({ userId, text })));

  it('exports what the service’s exporter makes of the user, only with the service credential', async () => {
    const service = await startService('notes-export', {});
    const [ada, bob] = [randomObjectId(), randomObjectId()];
    await writeNotes(service, ada, 'b', 'a');
    await writeNotes(service, bob, 'not Ada’s');

    const response = await exportOf(service, ada, withCredential);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ notes: ['a', 'b'] });

    expect((await exportOf(service, ada, {})).status).toBe(404);
    const notAnId = await exportOf(service, 'not-an-id', withCredential);
    expect(notAnId.status).toBe(400);
    expect(await notAnId.json()).toMatchObject({ statusCode: 400, message: 'Invalid user id' });
  });

  it('without steps of its own, a deleted account loses every document of the user, once', async () => {
    const service = await startService('notes-plain', {});
    const [ada, bob] = [randomObjectId(), randomObjectId()];
    await writeNotes(service, ada, 'one', 'two');
    await writeNotes(service, bob, 'stays');
    await service.db.collection<LedgerEntry>('ledger').insertOne({
      _id: ada,
      userId: ada,
      email: 'ada@example.com',
      amount: 10,
    });

    await deleteAccount(service, ada);
    expect(await notesOf(service, ada)).toBe(0);
    expect(await service.db.collection<LedgerEntry>('ledger').countDocuments({ _id: ada })).toBe(0);
    expect(await notesOf(service, bob)).toBe(1);

    await deleteAccount(service, ada);
    expect(await notesOf(service, bob)).toBe(1);
  });

  it('runs the service’s steps around the generic pass and leaves the collections they keep', async () => {
    const service = await startService('notes-with-steps', {
      eraseSteps: LedgerSteps,
      providers: [StepLog],
    });
    const [ada, bob] = [randomObjectId(), randomObjectId()];
    await writeNotes(service, ada, 'one', 'two');
    await writeNotes(service, bob, 'stays');
    const ledger = service.db.collection<LedgerEntry>('ledger');
    await ledger.insertMany([
      { _id: ada, userId: ada, email: 'ada@example.com', amount: 10 },
      { _id: bob, userId: bob, email: 'bob@example.com', amount: 20 },
    ]);

    await deleteAccount(service, ada);
    expect(await notesOf(service, ada)).toBe(0);
    expect(await ledger.findOne({ _id: ada })).toEqual({
      _id: ada,
      userId: ada,
      email: null,
      amount: 10,
    });
    expect(await ledger.findOne({ _id: bob })).toMatchObject({ email: 'bob@example.com' });
    expect(await notesOf(service, bob)).toBe(1);
    const steps = () =>
      service.db
        .collection<StepRecord>('erasure_steps')
        .find({ userId: ada }, { projection: { _id: 0 } })
        .toArray();
    expect(await steps()).toEqual([
      { step: 'before', userId: ada, notesLeft: 2 },
      { step: 'after', userId: ada, notesLeft: 0 },
    ]);

    // Another delivery of the deletion (a second event) changes nothing more.
    await deleteAccount(service, ada);
    expect(await ledger.findOne({ _id: ada })).toMatchObject({ email: null, amount: 10 });
    expect((await steps()).map((record) => record.notesLeft)).toEqual([2, 0, 0, 0]);
  });
});
