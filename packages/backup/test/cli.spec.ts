import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MongoClient } from 'mongodb';
import { main as backup } from '../src/backup-command';
import { main as restore } from '../src/restore-command';
import { ferretdbSpec, freePort, isPortOpen, startProcess } from '@mcat/runner/infra';
import type { Profile } from '@mcat/runner/ports';
import { mailDir } from '@mcat/runner/processes';

type User = { _id: string; email: string };

/** What a command printed on stdout and stderr, and its exit code. */
async function run(command: () => Promise<number>) {
  let stdout = '';
  let stderr = '';
  const out = jest.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
    stdout += String(chunk);
    return true;
  });
  const err = jest.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
    stderr += String(chunk);
    return true;
  });
  try {
    return { code: await command(), stdout, stderr };
  } finally {
    out.mockRestore();
    err.mockRestore();
  }
}

describe('the backup and restore commands on a stopped single-machine stack', () => {
  let profile: Profile;

  /** Runs `use` against the profile's FerretDB, started for it alone. */
  async function withDatabase<T>(use: (client: MongoClient) => Promise<T>): Promise<T> {
    const ferretdb = await startProcess(ferretdbSpec(profile), path.join(profile.dataDir, 'logs'));
    const client = await MongoClient.connect(`mongodb://127.0.0.1:${profile.mongo}`);
    try {
      return await use(client);
    } finally {
      await client.close();
      await ferretdb.stop();
    }
  }

  const users = (client: MongoClient) => client.db('mcat_auth').collection<User>('users');

  beforeAll(async () => {
    const port = () => freePort();
    profile = {
      name: 'start',
      dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'mcat-backup-cli-')),
      gateway: await port(),
      services: {
        auth: await port(),
        tests: await port(),
        questions: await port(),
        billing: await port(),
        mailer: await port(),
      },
      mongo: await port(),
      nats: await port(),
      redis: await port(),
      smtp: await port(),
    };
  });

  afterAll(() => fs.rmSync(profile.dataDir, { recursive: true, force: true }));

  it('backs up with nothing running, starting FerretDB for it alone, and restores over later changes', async () => {
    await withDatabase((client) => users(client).insertOne({ _id: 'u1', email: 'a@example.com' }));
    fs.mkdirSync(mailDir(profile), { recursive: true });
    fs.writeFileSync(path.join(mailDir(profile), 'reset.eml'), 'Subject: reset\r\n\r\n');

    const made = await run(() => backup([], {}, profile));
    expect(made.stderr).toBe('');
    expect(made.code).toBe(0);
    const file = /^Backup written to (.+)$/m.exec(made.stdout)?.[1] ?? '';
    expect(path.dirname(file)).toBe(path.join(profile.dataDir, 'backups'));
    expect(path.basename(file)).toMatch(/^mcat-logbook-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.tar\.gz$/);
    expect(made.stdout).toContain('FerretDB is not running: starting it alone for the backup');
    expect(made.stdout).toContain('  mcat_auth: 1 collections, 1 documents\n');
    expect(made.stdout).toContain('  mcat_billing: 0 collections, 0 documents\n');
    expect(made.stdout).toContain('  mail: 1 files\n');
    expect(await isPortOpen(profile.mongo)).toBe(false);
    expect(fs.existsSync(path.join(profile.dataDir, 'start.lock'))).toBe(false);

    await withDatabase((client) =>
      users(client).updateOne({ _id: 'u1' }, { $set: { email: 'changed@example.com' } }),
    );
    fs.rmSync(path.join(mailDir(profile), 'reset.eml'));

    const restored = await run(() => restore([file], {}, profile));
    expect(restored.stderr).toBe('');
    expect(restored.code).toBe(0);
    expect(restored.stdout).toContain('  mcat_auth: 1 collections, 1 documents\n');
    expect(restored.stdout).toContain('  mail: 1 files into ');
    expect(restored.stdout).toMatch(/Start the product with: npm start\n$/);
    expect(await isPortOpen(profile.mongo)).toBe(false);
    expect(await isPortOpen(profile.redis)).toBe(false);
    expect(await withDatabase((client) => users(client).find().toArray())).toEqual([
      { _id: 'u1', email: 'a@example.com' },
    ]);
    expect(fs.readdirSync(mailDir(profile))).toEqual(['reset.eml']);
  }, 120_000);

  it('refuses to restore while npm start holds its lock, saying to stop it first', async () => {
    const lock = path.join(profile.dataDir, 'start.lock');
    fs.writeFileSync(lock, `${process.ppid}\n`);
    const file = path.join(profile.dataDir, 'any.tar.gz');
    fs.writeFileSync(file, '');
    try {
      const refused = await run(() => restore([file], {}, profile));
      expect(refused).toEqual({
        code: 1,
        stdout: '',
        stderr:
          `npm start is running (pid ${process.ppid}). Stop it first (Ctrl-C in its terminal), ` +
          'then run the restore again. Nothing was restored.\n',
      });
    } finally {
      fs.rmSync(lock, { force: true });
    }
  });

  it('says how to use them, and that a file given does not exist', async () => {
    expect(await run(() => restore([], {}, profile))).toEqual({
      code: 2,
      stdout: '',
      stderr: 'Usage: npm run restore -- FILE   (an archive written by npm run backup)\n',
    });
    expect((await run(() => backup(['a.tar.gz', 'b.tar.gz'], {}, profile))).code).toBe(2);
    const missing = path.join(profile.dataDir, 'missing.tar.gz');
    expect(await run(() => restore([missing], {}, profile))).toEqual({
      code: 1,
      stdout: '',
      stderr: `There is no file ${missing}. Nothing was restored.\n`,
    });
  });
});
