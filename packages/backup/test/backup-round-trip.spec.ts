import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Redis from 'ioredis';
import {
  Binary,
  BSONRegExp,
  Double,
  Int32,
  Long,
  MongoClient,
  ObjectId,
  Timestamp,
  UUID,
  type Document,
} from 'mongodb';
import { privateRedis, type PrivateServer } from '@mcat/test-support/private-infra';
import { freePort } from '@mcat/runner/infra';
import { TEST_PROFILE } from '@mcat/runner/ports';
import { createBackup, defaultBackupFile } from '../../service-kit/src/backup/backup';
import { indexDescriptions } from '../../service-kit/src/backup/database-dump';
import { documentLine, EXACT_READ } from '../../service-kit/src/backup/document-lines';
import { restoreBackup } from '../../service-kit/src/backup/restore';
import { singleMachineTarget } from '../src/running-stack';

/** Documents with any kind of `_id`. */
type Doc = { _id: string | number | ObjectId; [field: string]: unknown };

/** Databases of this file only, on the FerretDB the other test files share. */
const prefix = `bk${randomUUID().slice(0, 8)}`;
const AUTH = `${prefix}_auth`;
const TESTS = `${prefix}_tests`;
const NEVER_WRITTEN = `${prefix}_empty`;
const DATABASES = [AUTH, TESTS, NEVER_WRITTEN];
const MONGO_URL = `mongodb://127.0.0.1:${TEST_PROFILE.mongo}`;

/**
 * A record with every value type FerretDB 1.24 stores (it has no Decimal128, MinKey, MaxKey, Code,
 * NaN, nor arrays in arrays: document-lines.spec.ts checks those through a file).
 */
function user(i: number): Doc {
  return {
    _id: new ObjectId(),
    email: `student${i}@example.com`,
    name: `Étudiant ${i} "quoted"\nsecond line`,
    createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i)),
    sessionVersion: new Int32(i % 3),
    score: new Double(500.5 + i),
    bytesUsed: Long.fromString(`${9_007_199_254_740_993n + BigInt(i)}`),
    smallLong: Long.fromNumber(i),
    passwordHash: new Binary(Buffer.from([i % 256, 0, 255]), Binary.SUBTYPE_DEFAULT),
    externalId: new UUID(),
    stamp: new Timestamp({ t: 1_764_000_000 + i, i: 1 }),
    pattern: new BSONRegExp(`^s${i}`, 'i'),
    roles: i % 10 === 0 ? ['billing'] : [],
    isPremium: i % 2 === 0,
    deletedAt: null,
    profile: {
      tags: [new Int32(i), 'tag', { at: new Date(i * 1000) }],
      nested: { deep: [{ a: [1, 2] }] },
    },
  };
}

interface CollectionPicture {
  documents: string[];
  indexes: Document[];
}

/** Every document (as canonical Extended JSON, in a fixed order) and index of the databases. */
async function picture(
  client: MongoClient,
): Promise<Record<string, Record<string, CollectionPicture>>> {
  const all: Record<string, Record<string, CollectionPicture>> = {};
  for (const name of DATABASES) {
    const db = client.db(name);
    all[name] = {};
    for (const { name: collection } of await db.listCollections().toArray()) {
      const documents = await db.collection(collection).find({}, EXACT_READ).toArray();
      all[name][collection] = {
        documents: documents.map(documentLine).sort(),
        indexes: await indexDescriptions(db, collection),
      };
    }
  }
  return all;
}

function mailFiles(dir: string): Record<string, string> {
  return Object.fromEntries(
    fs.readdirSync(dir).map((file) => [file, fs.readFileSync(path.join(dir, file), 'utf8')]),
  );
}

describe('npm run backup and npm run restore', () => {
  let client: MongoClient;
  let redis: PrivateServer;
  let work: string;

  beforeAll(async () => {
    client = await MongoClient.connect(MONGO_URL);
    redis = await privateRedis();
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'mcat-backup-spec-'));
  }, 60_000);

  afterAll(async () => {
    for (const name of DATABASES) await client?.db(name).dropDatabase();
    await client?.close();
    await redis?.dispose();
    fs.rmSync(work, { recursive: true, force: true });
  });

  it('brings back every record, index and mail after the data was wiped and changed', async () => {
    // Seeded: two databases, many types, several indexes, an empty collection, a dotted name.
    const auth = client.db(AUTH);
    const users = Array.from({ length: 1234 }, (_, i) => user(i));
    await auth.collection<Doc>('users').insertMany(users);
    await auth.collection<Doc>('users').createIndex({ email: 1 }, { unique: true });
    await auth
      .collection<Doc>('users')
      .createIndex({ isPremium: 1, createdAt: -1 }, { name: 'plan' });
    await auth.collection<Doc>('users').createIndex({ 'profile.nested.deep': 1 }, { sparse: true });
    await auth.collection<Doc>('reset_tokens').insertOne({ _id: 'token', userId: users[0]._id });
    await auth.collection<Doc>('outbox_dead_letters').createIndex({ receivedAt: -1 });
    const tests = client.db(TESTS);
    await tests.collection<Doc>('tests').insertMany(
      users.slice(0, 50).map((u, i) => ({
        _id: `test-${i}`,
        userId: u._id,
        dateTaken: '2026-11-25',
        sections: [{ name: 'CP', score: new Int32(125) }],
        outbox: [{ id: randomUUID(), subject: 'tests.test.created', at: new Date() }],
      })),
    );
    await tests
      .collection<Doc>('plan.slots')
      .insertOne({ _id: new ObjectId(), n: Long.fromNumber(3) });
    const mailDir = path.join(work, 'mail');
    fs.mkdirSync(mailDir);
    for (const name of ['2026-11-25T10-00-00Z-a@example.com.eml', '2026-11-25T11-00-00Z-b.eml']) {
      fs.writeFileSync(
        path.join(mailDir, name),
        `Subject: ${name}\r\n\r\nReset: https://x/r/1\r\n`,
      );
    }
    const before = await picture(client);
    const mailBefore = mailFiles(mailDir);

    const file = path.join(work, 'backups', 'round-trip.tar.gz');
    const backup = await createBackup({ mongoUrl: MONGO_URL, databases: DATABASES, mailDir, file });
    expect(backup.documents).toBe(1234 + 1 + 50 + 1);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.readdirSync(path.dirname(file))).toEqual(['round-trip.tar.gz']);

    // Everything changes after the backup: a database dropped, records added and changed, an
    // index gone, a database that was empty now written, mail deleted and added, JetStream full,
    // session versions raised.
    await auth.dropDatabase();
    await tests.collection<Doc>('tests').updateOne({ _id: 'test-1' }, { $set: { dateTaken: 'x' } });
    await tests.collection<Doc>('tests').insertOne({ _id: 'written-after-the-backup' });
    await tests.collection<Doc>('plan.slots').dropIndexes();
    await tests.collection<Doc>('later').insertOne({ _id: 1 });
    await client.db(NEVER_WRITTEN).collection<Doc>('later').insertOne({ _id: 1 });
    fs.rmSync(path.join(mailDir, '2026-11-25T11-00-00Z-b.eml'));
    fs.writeFileSync(path.join(mailDir, 'later.eml'), 'Subject: later\r\n\r\n');
    const natsDir = path.join(work, 'nats');
    fs.mkdirSync(path.join(natsDir, 'jetstream', '$G', 'streams', 'TESTS'), { recursive: true });
    const keys = new Redis(redis.url);
    await keys.mset(
      'session-version:u1',
      '7',
      'session-versions:synced',
      'now',
      'rate-limit:x',
      '1',
    );

    const target = singleMachineTarget({
      mongoUrl: MONGO_URL,
      mailDir,
      stackPorts: [{ name: 'gateway', port: await freePort() }],
      natsDir,
      redisUrl: redis.url,
    });
    const summary = await restoreBackup(file, target);

    expect(await picture(client)).toEqual(before);
    expect(mailFiles(mailDir)).toEqual(mailBefore);
    expect(summary.databases).toEqual([
      { name: AUTH, collections: 3, documents: 1235 },
      { name: TESTS, collections: 2, documents: 51 },
      { name: NEVER_WRITTEN, collections: 0, documents: 0 },
    ]);
    expect(summary.mails).toBe(2);
    expect(fs.existsSync(path.join(natsDir, 'jetstream'))).toBe(false);
    expect(summary.sessionVersionsCleared).toBe(1);
    expect(
      await keys.mget('session-version:u1', 'session-versions:synced', 'rate-limit:x'),
    ).toEqual([null, null, '1']);
    keys.disconnect();
  }, 120_000);

  it('names the archive after the time of the backup, in UTC, under the data folder', () => {
    expect(defaultBackupFile('/srv/.data', new Date('2026-11-25T19:04:05.678Z'))).toBe(
      '/srv/.data/backups/mcat-logbook-2026-11-25T19-04-05Z.tar.gz',
    );
  });
});
