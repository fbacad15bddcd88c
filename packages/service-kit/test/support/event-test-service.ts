/**
 * A small service built from the kit for the event tests: a `notes` collection with the outbox
 * plugin (registered with the OutboxRelay), and `@EventPattern` handlers that record every call
 * in an `effects` collection, so a test can see how many times each event had an effect, and in
 * which trace. `GET /slow` is a request that takes a while, for the shutdown tests; `POST /notes`
 * writes a note and its event through the outbox inside a request, for the trace tests.
 */
import {
  Body,
  Controller,
  Get,
  Injectable,
  Module,
  Post,
  Query,
  type DynamicModule,
  type INestApplication,
} from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { getModelToken, InjectConnection, InjectModel, MongooseModule } from '@nestjs/mongoose';
import { EVENT_SUBJECTS, type EventEnvelope, type TestSnapshot } from '@mcat/contracts';
import { Schema, type Connection, type Model } from 'mongoose';
import { freePort } from '@mcat/test-support/private-infra';
import { testInfra } from '@mcat/test-support/test-env';
import {
  bootstrapService,
  currentTrace,
  OutboxRelay,
  outboxEvent,
  outboxPlugin,
  ServiceKitModule,
  type JetStreamConsumerOptions,
  type OutboxEntry,
  type OutboxRelayOptions,
  type TraceContext,
} from '../../src';
import { TEST_INTERNAL_API_TOKEN } from '../../src/testing';

export interface Note {
  title: string;
  outbox?: OutboxEntry[];
  deletedAt?: Date | null;
}

export const noteSchema = new Schema<Note>({ title: { type: String, required: true } });
noteSchema.plugin(outboxPlugin);

/** One row per event id: how many times a handler ran for it to completion, and every attempt. */
export interface Effect {
  _id: string;
  subject: string;
  count: number;
  attempts: Date[];
  data: unknown;
  /** The trace context the successful handler ran in (`tests.test.created` only). */
  trace?: TraceContext | null;
}

/** `source` of a TestSnapshot that makes the handler throw on every delivery. */
export const ALWAYS_FAILS = 'always-fails';
/** `source` that makes the handler throw on the first delivery only. */
export const FAILS_ONCE = 'fails-once';
export const HANDLER_ERROR = 'projection store unavailable';
/** How long the `tests.test.updated` handler works on each event. */
export const SLOW_HANDLER_MS = 1000;
/** An event id written here makes the always-failing handler succeed: the cause was fixed. */
export const REPAIRS = 'repairs';

@Controller()
class RecordingConsumer {
  constructor(@InjectConnection() private readonly connection: Connection) {}

  private get effects() {
    return this.connection.collection<Effect>('effects');
  }

  @EventPattern(EVENT_SUBJECTS.testCreated)
  async onTestCreated(@Payload() envelope: EventEnvelope<'tests.test.created'>): Promise<void> {
    await this.effects.updateOne(
      { _id: envelope.id },
      { $push: { attempts: new Date() }, $set: { subject: envelope.subject } },
      { upsert: true },
    );
    const effect = await this.effects.findOne({ _id: envelope.id });
    const attempts = effect?.attempts.length ?? 0;
    const repaired = await this.connection.collection(REPAIRS).findOne({ eventId: envelope.id });
    const fails =
      (envelope.data.source === ALWAYS_FAILS && !repaired) ||
      (envelope.data.source === FAILS_ONCE && attempts < 2);
    if (fails) throw new Error(HANDLER_ERROR);
    await this.effects.updateOne(
      { _id: envelope.id },
      { $inc: { count: 1 }, $set: { data: envelope.data, trace: currentTrace() ?? null } },
    );
  }

  @EventPattern(EVENT_SUBJECTS.testUpdated)
  async onTestUpdated(@Payload() envelope: EventEnvelope<'tests.test.updated'>): Promise<void> {
    await this.effects.updateOne(
      { _id: envelope.id },
      { $push: { attempts: new Date() }, $set: { subject: envelope.subject } },
      { upsert: true },
    );
    await new Promise((resolve) => setTimeout(resolve, SLOW_HANDLER_MS));
    await this.effects.updateOne({ _id: envelope.id }, { $inc: { count: 1 } });
  }

  @EventPattern(EVENT_SUBJECTS.testDeleted)
  async onTestDeleted(@Payload() envelope: EventEnvelope<'tests.test.deleted'>): Promise<void> {
    await this.effects.updateOne(
      { _id: envelope.id },
      { $inc: { count: 1 }, $set: { subject: envelope.subject, data: envelope.data } },
      { upsert: true },
    );
  }
}

/**
 * `GET /slow?ms=n` answers after n milliseconds: a request still in flight when SIGTERM comes. It
 * prints `slow request started` first, so a test running the service as a process knows when the
 * request is in.
 */
@Controller('slow')
class SlowController {
  @Get()
  async slow(@Query('ms') ms: string): Promise<{ waitedMs: number }> {
    process.stdout.write('slow request started\n');
    const waitedMs = Number(ms);
    await new Promise((resolve) => setTimeout(resolve, waitedMs));
    return { waitedMs };
  }
}

/** `POST /notes` with a TestSnapshot: a note and its `tests.test.created` event in one write. */
@Controller('notes')
class NotesController {
  constructor(@InjectModel('Note') private readonly notes: Model<Note>) {}

  @Post()
  async create(@Body() snapshot: TestSnapshot): Promise<{ eventId: string }> {
    const event = outboxEvent(EVENT_SUBJECTS.testCreated, snapshot);
    await this.notes.create({ title: snapshot.source, outbox: [event] });
    return { eventId: event.id };
  }
}

@Injectable()
class NoteOutbox {
  constructor(@InjectModel('Note') model: Model<Note>, relay: OutboxRelay) {
    relay.register(model);
  }
}

export interface EventTestServiceOptions {
  /** The service name: names the durable consumers. */
  name: string;
  mongoUrl: string;
  natsUrl: string;
  /** NATS_CREDS_FILE (default: unset, no credentials). */
  natsCredsFile?: string;
  /** REDIS_URL (default: the test infrastructure's Redis). */
  redisUrl?: string;
  /** Consume events (the bootstrap option) with these settings; omitted: publish only. */
  consume?: JetStreamConsumerOptions;
  outboxRelay?: OutboxRelayOptions;
  /** SHUTDOWN_GRACE_MS (default 1000). */
  shutdownGraceMs?: number;
  /** EVENT_STREAM_REPLICAS (default: unset, the kit's 1). */
  eventStreamReplicas?: number;
}

function eventTestModule(options: EventTestServiceOptions, port: number): DynamicModule {
  @Module({})
  class EventTestModule {}
  return {
    module: EventTestModule,
    imports: [
      ServiceKitModule.forRoot({
        name: options.name,
        outboxRelay: options.outboxRelay,
        config: {
          NODE_ENV: 'test',
          HOST: '127.0.0.1',
          PORT: port,
          LOG_LEVEL: process.env.TEST_LOG_LEVEL === 'debug' ? 'debug' : 'silent',
          SHUTDOWN_GRACE_MS: options.shutdownGraceMs ?? 1000,
          INTERNAL_API_TOKEN: TEST_INTERNAL_API_TOKEN,
          TRUSTED_PROXIES: [],
          REDIS_URL: options.redisUrl ?? testInfra.redisUrl,
          MONGO_URL: options.mongoUrl,
          NATS_URL: options.natsUrl,
          NATS_CREDS_FILE: options.natsCredsFile,
          ...(options.eventStreamReplicas === undefined
            ? {}
            : { EVENT_STREAM_REPLICAS: options.eventStreamReplicas }),
        },
      }),
      MongooseModule.forFeature([{ name: 'Note', schema: noteSchema }]),
    ],
    controllers: [RecordingConsumer, SlowController, NotesController],
    providers: [NoteOutbox],
  };
}

export interface EventTestService {
  app: INestApplication;
  baseUrl: string;
  notes: Model<Note>;
  close(): Promise<void>;
}

/** Boots the service through `bootstrapService`, as a real service starts. */
export async function startEventTestService(
  options: EventTestServiceOptions,
): Promise<EventTestService> {
  const port = await freePort();
  const app = await bootstrapService({
    module: eventTestModule(options, port),
    config: {
      HOST: '127.0.0.1',
      PORT: port,
      INTERNAL_API_TOKEN: TEST_INTERNAL_API_TOKEN,
      SHUTDOWN_GRACE_MS: options.shutdownGraceMs ?? 1000,
    },
    consumeEvents: options.consume ?? false,
  });
  return {
    app,
    baseUrl: `http://127.0.0.1:${port}`,
    notes: app.get<Model<Note>>(getModelToken('Note')),
    close: () => app.close(),
  };
}
