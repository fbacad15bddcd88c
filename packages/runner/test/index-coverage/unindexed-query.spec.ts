/**
 * The whole chain on the test FerretDB: a service's database module with the query log on (the
 * kit's `mongoModule`, as every service makes it), real queries through a mongoose model, the log
 * read back, the collection's indexes listed, and the checker: a query on a field the schema
 * indexes passes, one on a field it does not fails, and passes once the index exists.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Module, type INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { getConnectionToken, getModelToken, MongooseModule } from '@nestjs/mongoose';
import { MongoClient } from 'mongodb';
import { Schema, type Connection, type Model } from 'mongoose';
import { testInfra } from '@mcat/test-support/test-env';
import { mongoModule } from '../../../service-kit/src/infra/mongo';
import { readIndexCatalog } from '../../src/index-coverage/index-catalog';
import { unservedQueries } from '../../src/index-coverage/index-coverage';
import { readQueryLog } from '../../src/index-coverage/query-log-file';

interface Member {
  email: string;
  nickname: string;
}

const memberSchema = new Schema<Member>(
  { email: { type: String, required: true }, nickname: { type: String, required: true } },
  { collection: 'members' },
);
memberSchema.index({ email: 1 });

@Module({})
class QueryLogProbeModule {}

/** A service's database module with its one model, as a service's app module holds them. */
const startProbe = (mongoUrl: string, env: { MONGO_QUERY_LOG?: string }) =>
  NestFactory.createApplicationContext(
    {
      module: QueryLogProbeModule,
      imports: [
        mongoModule(mongoUrl, 'probe', env),
        MongooseModule.forFeature([{ name: 'Member', schema: memberSchema }]),
      ],
    },
    { logger: false },
  );

describe('the index check of the query log, on a real database', () => {
  const mongoUrl = testInfra.mongoUrl();
  const database = new URL(mongoUrl).pathname.slice(1);
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'query-log-'));
  const queryLog = path.join(folder, 'query-log.jsonl');
  let client: MongoClient;
  let probe: INestApplicationContext | null = null;

  beforeAll(async () => {
    client = await MongoClient.connect(mongoUrl);
  });

  afterEach(async () => {
    await probe?.close();
    probe = null;
  });

  afterAll(async () => {
    await client.db(database).dropDatabase();
    await client.close();
    fs.rmSync(folder, { recursive: true, force: true });
  });

  it('fails on a query without its index, passes the indexed one, and logs no one’s data', async () => {
    probe = await startProbe(mongoUrl, { MONGO_QUERY_LOG: queryLog });
    const members = probe.get<Model<Member>>(getModelToken('Member'));
    await members.init();
    await members.create({ email: 'ada@example.com', nickname: 'ada' });
    expect(await members.findOne({ email: 'ada@example.com' })).not.toBeNull();
    expect(await members.find({ nickname: 'ada' })).toHaveLength(1);
    expect(await members.find({}).sort({ email: -1 })).toHaveLength(1);
    await probe.close();
    probe = null;

    const records = readQueryLog(queryLog);
    expect(records).toContainEqual(
      expect.objectContaining({ database, command: 'find', filter: { email: 'string' } }),
    );
    // The sort goes through the index on email, read backwards.
    expect(records).toContainEqual(
      expect.objectContaining({ database, command: 'find', filter: {}, sort: { email: -1 } }),
    );
    const unserved = unservedQueries(records, await readIndexCatalog(client, records));
    expect(unserved).toEqual([
      {
        database,
        collection: 'members',
        filter: { nickname: 'string' },
        commands: ['find'],
        count: 1,
      },
    ]);
    const logged = fs.readFileSync(queryLog, 'utf8');
    expect(logged).not.toContain('ada@example.com');
    expect(logged).not.toContain('"ada"');

    await client.db(database).collection('members').createIndex({ nickname: 1 });
    expect(unservedQueries(records, await readIndexCatalog(client, records))).toEqual([]);
  });

  it('with MONGO_QUERY_LOG unset, the driver monitors no command and nothing is written', async () => {
    fs.rmSync(queryLog, { force: true });
    probe = await startProbe(mongoUrl, {});
    const connection = probe.get<Connection>(getConnectionToken());
    expect(connection.getClient().options.monitorCommands).toBe(false);
    await probe.get<Model<Member>>(getModelToken('Member')).find({ nickname: 'ada' });
    expect(fs.existsSync(queryLog)).toBe(false);
  });
});
