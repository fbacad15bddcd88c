import { MongoClient } from 'mongodb';
import { privateMongo, type PrivateServer } from '@mcat/test-support/private-infra';

describe('the FerretDB the project builds', () => {
  let server: PrivateServer;
  let client: MongoClient;

  beforeAll(async () => {
    server = await privateMongo();
    client = await MongoClient.connect(server.url, { maxPoolSize: 50 });
  }, 120_000);

  afterAll(async () => {
    await client?.close();
    await server?.dispose();
  });

  it('keeps every one of 100 concurrent updates of one document', async () => {
    const docs = client.db('atomicity').collection<{ _id: string; n: number; seen: number[] }>('c');
    await docs.insertOne({ _id: 'counter', n: 0, seen: [] });

    await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        docs.updateOne({ _id: 'counter' }, { $inc: { n: 1 }, $push: { seen: i } }),
      ),
    );

    const counter = await docs.findOne({ _id: 'counter' });
    expect(counter?.n).toBe(100);
    expect(counter?.seen).toHaveLength(100);
  });

  it('lets a conditional update through only while its condition holds', async () => {
    const docs = client.db('atomicity').collection<{ _id: string; used: number }>('limits');
    await docs.insertOne({ _id: 'user', used: 0 });

    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        docs.updateOne({ _id: 'user', used: { $lt: 2 } }, { $inc: { used: 1 } }),
      ),
    );

    expect(results.filter((r) => r.modifiedCount === 1)).toHaveLength(2);
    expect((await docs.findOne({ _id: 'user' }))?.used).toBe(2);
  });
});
