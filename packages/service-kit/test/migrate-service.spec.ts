/**
 * The pre-upgrade migration only adds (docs/adr/0028-migrations-only-add.md), against the test
 * FerretDB and a three-server JetStream cluster: an index the new schemas no longer declare stays
 * for the old pods (and a rollback), a stream keeps the replicas an operator gave it, and only an
 * operator removes an index, with `unusedIndexes`.
 */
import { EVENT_STREAMS } from '@mcat/contracts';
import { createConnection, Schema } from 'mongoose';
import { connect } from 'nats';
import {
  privateNatsCluster,
  untilStreamsSettled,
  type PrivateNatsCluster,
} from '@mcat/test-support/private-infra';
import { testInfra } from '@mcat/test-support/test-env';
import { migrateService, migrationEnvSchema, parseConfig, unusedIndexes } from '../src';
import { missingIndexes } from '../src/testing';

jest.setTimeout(60_000);

/** Version 1 of a service's `cards`: by student and topic, by score, and one card per e-mail. */
const cardsV1 = new Schema({ userId: String, topic: String, score: Number, email: String });
cardsV1.index({ userId: 1, topic: 1 });
cardsV1.index({ score: 1 });
cardsV1.index({ email: 1 }, { unique: true });

/** Version 2 lists a student's newest cards instead, and no longer queries by score or e-mail. */
const cardsV2 = new Schema({
  userId: String,
  topic: String,
  score: Number,
  email: String,
  createdAt: Date,
});
cardsV2.index({ userId: 1, topic: 1 });
cardsV2.index({ userId: 1, createdAt: -1 });

const V1 = [{ name: 'Card', schema: cardsV1 }];
const V2 = [{ name: 'Card', schema: cardsV2 }];

async function indexNames(mongoUrl: string): Promise<string[]> {
  const connection = await createConnection(mongoUrl).asPromise();
  try {
    const indexes = await connection.collection('cards').listIndexes().toArray();
    return indexes.map((index) => String(index.name)).sort();
  } finally {
    await connection.close();
  }
}

describe('the migration (Helm pre-install/upgrade Job)', () => {
  let cluster: PrivateNatsCluster;

  beforeAll(async () => {
    cluster = await privateNatsCluster(3);
  });

  afterAll(() => cluster?.dispose());

  /** The migration as the Job runs it: EVENT_STREAM_REPLICAS unset. */
  const migrate = (mongoUrl: string, models: typeof V1) =>
    migrateService({
      service: 'cards',
      config: parseConfig(migrationEnvSchema, { MONGO_URL: mongoUrl, NATS_URL: cluster.url }),
      models,
    });

  it('keeps every index the old version queries with while it creates the new ones', async () => {
    const mongoUrl = testInfra.mongoUrl();
    await migrate(mongoUrl, V1);
    expect(await indexNames(mongoUrl)).toEqual(['_id_', 'email_1', 'score_1', 'userId_1_topic_1']);

    await migrate(mongoUrl, V2);

    expect(await indexNames(mongoUrl)).toEqual([
      '_id_',
      'email_1',
      'score_1',
      'userId_1_createdAt_-1',
      'userId_1_topic_1',
    ]);
    // Old pods during the roll, and the old version after `helm rollback`, find all of theirs.
    expect(await missingIndexes(mongoUrl, V1)).toEqual([]);
    expect(await missingIndexes(mongoUrl, V2)).toEqual([]);
  });

  it('keeps the unique rule of an index the new version no longer declares', async () => {
    const mongoUrl = testInfra.mongoUrl();
    await migrate(mongoUrl, V1);
    await migrate(mongoUrl, V2);
    const connection = await createConnection(mongoUrl).asPromise();
    try {
      const cards = connection.collection('cards');
      await cards.insertOne({ userId: 'u1', email: 'ana@example.com' });
      await expect(cards.insertOne({ userId: 'u2', email: 'ana@example.com' })).rejects.toThrow(
        /duplicate key/i,
      );
    } finally {
      await connection.close();
    }
  });

  it('lists for an operator the indexes no schema declares any more, and drops them when told', async () => {
    const mongoUrl = testInfra.mongoUrl();
    await migrate(mongoUrl, V1);
    expect(await unusedIndexes('cards', mongoUrl, V1)).toEqual([]);
    await migrate(mongoUrl, V2);

    const unused = [
      { collection: 'cards', name: 'email_1', key: { email: 1 } },
      { collection: 'cards', name: 'score_1', key: { score: 1 } },
    ];
    expect(await unusedIndexes('cards', mongoUrl, V2)).toEqual(unused);
    expect(await indexNames(mongoUrl)).toContain('score_1');

    expect(await unusedIndexes('cards', mongoUrl, V2, { drop: true })).toEqual(unused);

    expect(await unusedIndexes('cards', mongoUrl, V2)).toEqual([]);
    expect(await indexNames(mongoUrl)).toEqual([
      '_id_',
      'userId_1_createdAt_-1',
      'userId_1_topic_1',
    ]);
  });

  it('stops, naming the collection, when a declared index cannot be created', async () => {
    const mongoUrl = testInfra.mongoUrl();
    await migrate(mongoUrl, V2);
    const connection = await createConnection(mongoUrl).asPromise();
    try {
      await connection.collection('cards').insertMany([{ code: 'A' }, { code: 'A' }]);
    } finally {
      await connection.close();
    }
    const cardsV3 = cardsV2.clone();
    cardsV3.add({ code: String });
    cardsV3.index({ code: 1 }, { unique: true });

    await expect(migrate(mongoUrl, [{ name: 'Card', schema: cardsV3 }])).rejects.toThrow(
      /^an index of cards could not be created: .*(duplicate key|UNIQUE constraint failed)/i,
    );
  });

  it('keeps the three replicas an operator gave the streams, with EVENT_STREAM_REPLICAS unset', async () => {
    const nc = await connect({ servers: cluster.urls });
    try {
      const jsm = await nc.jetstreamManager();
      await migrate(testInfra.mongoUrl(), V1);
      // The operator of a three-node NATS: `nats stream edit <stream> --replicas 3`.
      for (const { name } of EVENT_STREAMS) await jsm.streams.update(name, { num_replicas: 3 });
      await untilStreamsSettled(
        jsm,
        EVENT_STREAMS.map(({ name }) => name),
      );
      await migrate(testInfra.mongoUrl(), V2);
      for (const { name } of EVENT_STREAMS) {
        expect({ name, replicas: (await jsm.streams.info(name)).config.num_replicas }).toEqual({
          name,
          replicas: 3,
        });
      }
    } finally {
      await nc.close();
    }
  });
});
