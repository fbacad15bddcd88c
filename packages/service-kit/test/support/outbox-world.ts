/**
 * What the outbox specs run against: a NATS of their own, a publisher's and a consumer's
 * database, and the event test services a spec starts. Started before the spec's tests; after
 * them the services still running, the connections and the NATS are closed.
 */
import mongoose, { type Connection } from 'mongoose';
import { privateNats, type PrivateServer } from '@mcat/test-support/private-infra';
import { testInfra } from '@mcat/test-support/test-env';
import type { Effect, EventTestService } from './event-test-service';
import { natsTestClient, type NatsTestClient } from './nats-test-client';
import { waitFor } from './wait-for';

export interface OutboxWorld {
  readonly nats: PrivateServer;
  readonly client: NatsTestClient;
  readonly consumerDb: Connection;
  readonly publisherDb: Connection;
  readonly consumerMongoUrl: string;
  readonly publisherMongoUrl: string;
  /** The services the spec started: push each one, so that it is closed. */
  readonly running: EventTestService[];
  /** What the consumer did for the event `id`, if anything. */
  effect(id: string): Promise<Effect | null>;
  /** Waits until the consumer has handled the event `id` once, and answers its effect. */
  handledOnce(id: string): Promise<Effect>;
}

export function outboxWorld(): OutboxWorld {
  const consumerMongoUrl = testInfra.mongoUrl();
  const publisherMongoUrl = testInfra.mongoUrl();
  const running: EventTestService[] = [];
  let started: Pick<OutboxWorld, 'nats' | 'client' | 'consumerDb' | 'publisherDb'> | undefined;
  beforeAll(async () => {
    const nats = await privateNats();
    started = {
      nats,
      client: await natsTestClient(nats.url),
      consumerDb: await mongoose.createConnection(consumerMongoUrl).asPromise(),
      publisherDb: await mongoose.createConnection(publisherMongoUrl).asPromise(),
    };
  });
  afterAll(async () => {
    await Promise.all(running.splice(0).map((service) => service.close()));
    await started?.client.close();
    await started?.consumerDb.close();
    await started?.publisherDb.close();
    await started?.nats.dispose();
  });
  const world = () => {
    if (!started) throw new Error('The outbox world starts in beforeAll');
    return started;
  };
  const effect = (id: string) =>
    world().consumerDb.collection<Effect>('effects').findOne({ _id: id });
  return {
    get nats() {
      return world().nats;
    },
    get client() {
      return world().client;
    },
    get consumerDb() {
      return world().consumerDb;
    },
    get publisherDb() {
      return world().publisherDb;
    },
    consumerMongoUrl,
    publisherMongoUrl,
    running,
    effect,
    handledOnce: (id) =>
      waitFor(`event ${id} to be handled`, async () => {
        const found = await effect(id);
        return found?.count === 1 ? found : null;
      }),
  };
}
