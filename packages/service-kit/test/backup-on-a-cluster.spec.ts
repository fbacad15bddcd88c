/**
 * The backup command of the chart's CronJob (src/backup/backup.cli.ts), run as the pod runs it
 * against real servers: the test FerretDB, and a private NATS and Redis (a restore clears every
 * session version in its Redis). Its configuration from
 * the environment, the archives it keeps, a restore refused while a service still reads its events
 * and let through once it stops, and the round trip: data changed after the backup comes back.
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MongoClient } from 'mongodb';
import { AckPolicy, connect, type NatsConnection } from 'nats';
import { privateNats, privateRedis, type PrivateServer } from '@mcat/test-support/private-infra';
import { testInfra } from '@mcat/test-support/test-env';
import { backupFileName } from '../src/backup/backup';
import { clusterBackupConfig, newestArchive, pruneArchives } from '../src/backup/cluster-backup';
import { deleteStreams } from '../src/backup/derived-state';
import { refuseWhileServicesRun, ServicesRunningError } from '../src/backup/running-services';
import { natsServer } from '../src/infra/nats-credentials';
import { waitFor } from './support/wait-for';

jest.setTimeout(90_000);

const CLI = path.resolve(__dirname, '../src/backup/backup.cli.ts');
const REPO_ROOT = path.resolve(__dirname, '../../..');
const TSX = path.join(REPO_ROOT, 'node_modules/.bin/tsx');

describe("the backup CronJob's configuration", () => {
  const env = {
    MONGO_URL_TESTS: 'mongodb://db:27017/mcat_tests?tls=true',
    MONGO_URL_AUTH: 'mongodb://db:27017/mcat_auth?tls=true',
    NATS_URL: 'tls://nats:4222',
    REDIS_URL: 'rediss://redis:6379',
  };

  it('backs up every MONGO_URL_<SERVICE> database from their one server, keeping 7 by default', () => {
    expect(clusterBackupConfig(env)).toEqual({
      mongoUrl: 'mongodb://db:27017/?tls=true',
      databases: ['mcat_auth', 'mcat_tests'],
      dir: '/backups',
      keep: 7,
      natsUrl: 'tls://nats:4222',
      natsCredsFile: undefined,
      redisUrl: 'rediss://redis:6379',
    });
  });

  it.each([
    [{ MONGO_URL_TESTS: undefined, MONGO_URL_AUTH: undefined }, 'No MONGO_URL_<SERVICE> is set'],
    [{ MONGO_URL_AUTH: 'mongodb://elsewhere:27017/mcat_auth' }, 'must name the same server'],
    [
      { MONGO_URL_AUTH: 'mongodb://db:27017' },
      'MONGO_URL_AUTH must be a MongoDB URL with a database',
    ],
    [{ BACKUP_KEEP: '0' }, 'BACKUP_KEEP must be a whole number, 1 or more'],
    [{ NATS_URL: undefined }, 'NATS_URL must be set'],
  ])('refuses %j: %s', (change, message) => {
    expect(() => clusterBackupConfig({ ...env, ...change })).toThrow(message);
  });

  it('restores the newest archive by default and deletes the oldest beyond BACKUP_KEEP', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mcat-archives-'));
    try {
      expect(() => newestArchive(dir)).toThrow(`There is no backup in ${dir}`);
      const names = [1, 2, 3, 4].map((day) => backupFileName(new Date(Date.UTC(2026, 10, day, 3))));
      for (const name of [...names].reverse()) fs.writeFileSync(path.join(dir, name), '');
      fs.writeFileSync(path.join(dir, 'notes.txt'), '');
      expect(newestArchive(dir)).toBe(path.join(dir, names[3]!));
      expect(pruneArchives(dir, 2)).toEqual(names.slice(0, 2));
      expect(fs.readdirSync(dir).sort()).toEqual([...names.slice(2), 'notes.txt'].sort());
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the backup command against real servers', () => {
  let nats: PrivateServer;
  let redis: PrivateServer;
  let connection: NatsConnection;
  let mongo: MongoClient;
  let dir: string;
  const database = `bk_${randomUUID().slice(0, 8)}`;
  const mongoUrl = testInfra.mongoUrl(database);

  /** The command as the pod runs it; asynchronous, so this process's consumer goes on pulling. */
  const run = (...args: string[]): Promise<{ status: number; stdout: string; stderr: string }> =>
    new Promise((resolve) => {
      execFile(
        TSX,
        [CLI, ...args],
        {
          cwd: REPO_ROOT,
          env: {
            PATH: process.env.PATH,
            MONGO_URL_TESTS: mongoUrl,
            NATS_URL: nats.url,
            REDIS_URL: redis.url,
            BACKUP_DIR: dir,
            BACKUP_KEEP: '2',
          },
        },
        (error, stdout, stderr) =>
          resolve({ status: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
      );
    });

  /**
   * A service's durable consumer, read as jetstream.server.ts reads it (a pull renewed every 2 s
   * while the messages are iterated); resolves to a function that stops reading.
   */
  async function readEvents(): Promise<() => Promise<void>> {
    const manager = await connection.jetstreamManager();
    await manager.streams.add({ name: 'TESTS', subjects: ['tests.>'] });
    await manager.consumers.add('TESTS', {
      durable_name: 'questions',
      ack_policy: AckPolicy.Explicit,
    });
    const consumer = await connection.jetstream().consumers.get('TESTS', 'questions');
    const messages = await consumer.consume({ expires: 2000 });
    const reading = (async () => {
      for await (const message of messages) message.ack();
    })();
    await waitFor(
      'the pull to reach the server',
      async () => (await manager.consumers.info('TESTS', 'questions')).num_waiting > 0,
    );
    return async () => {
      await messages.close();
      await reading;
    };
  }

  beforeAll(async () => {
    nats = await privateNats();
    redis = await privateRedis();
    connection = await connect({ servers: nats.url });
    mongo = await MongoClient.connect(mongoUrl);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mcat-backups-'));
  });

  afterAll(async () => {
    await mongo?.db(database).dropDatabase();
    await mongo?.close();
    await connection?.close();
    await nats?.dispose();
    await redis?.dispose();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('writes an archive, and restores it only once no service reads its events', async () => {
    const tests = mongo.db(database).collection<{ _id: string; source: string }>('tests');
    await tests.insertOne({ _id: 't1', source: 'AAMC FL 1' });

    const backup = await run('backup');
    expect(backup.stderr).toBe('');
    expect(backup.status).toBe(0);
    expect(backup.stdout).toContain(`${database}: 1 collections, 1 documents`);
    const [archive] = fs.readdirSync(dir);
    expect(backup.stdout).toContain(`Backup written to ${path.join(dir, archive!)}`);

    await tests.deleteOne({ _id: 't1' });
    const stopReading = await readEvents();
    const refused = await run('restore');
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain(
      'The services are running: TESTS/questions is being read. Scale the release',
    );
    expect(refused.stderr).toContain('Nothing was restored.');
    expect(await tests.countDocuments()).toBe(0);

    await stopReading();
    const restored = await run('restore', archive!);
    expect(restored.stderr).toBe('');
    expect(restored.status).toBe(0);
    expect(restored.stdout).toContain(`Restored ${path.join(dir, archive!)}`);
    expect(restored.stdout).toContain('JetStream: streams deleted');
    expect(await tests.find().toArray()).toEqual([{ _id: 't1', source: 'AAMC FL 1' }]);
    const manager = await connection.jetstreamManager();
    expect(await manager.streams.names().next()).toEqual([]);
  });

  it('is refused a usage it does not have', async () => {
    for (const args of [[], ['backup', 'extra'], ['remove']]) {
      const result = await run(...args);
      expect(result.status).toBe(2);
      expect(result.stderr).toContain('Usage: backup.cli.js backup | restore [FILE]');
    }
  });

  it('deletes every stream of the account, and says when there was none', async () => {
    const manager = await connection.jetstreamManager();
    await manager.streams.add({ name: 'AUTH', subjects: ['auth.>'] });
    await manager.streams.add({ name: 'BILLING', subjects: ['billing.>'] });
    const server = natsServer(nats.url, undefined);
    expect(await deleteStreams(server)).toBe(true);
    expect(await manager.streams.names().next()).toEqual([]);
    expect(await deleteStreams(server)).toBe(false);
    await expect(refuseWhileServicesRun(server, 0)).resolves.toBeUndefined();
  });

  it('names the consumers still read when it refuses', async () => {
    const stopReading = await readEvents();
    try {
      const refusal = refuseWhileServicesRun(natsServer(nats.url, undefined), 0);
      await expect(refusal).rejects.toThrow(ServicesRunningError);
      await expect(refusal).rejects.toThrow('TESTS/questions is being read');
    } finally {
      await stopReading();
    }
  });
});
