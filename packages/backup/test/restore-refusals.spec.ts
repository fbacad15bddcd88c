import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { MongoClient } from 'mongodb';
import { freePort } from '@mcat/runner/infra';
import { TEST_PROFILE } from '@mcat/runner/ports';
import { createBackup } from '../../service-kit/src/backup/backup';
import { NotOurArchiveError } from '../../service-kit/src/backup/manifest';
import { restoreBackup } from '../../service-kit/src/backup/restore';
import {
  singleMachineTarget,
  StackRunningError,
  type SingleMachineTarget,
} from '../src/running-stack';

const DATABASE = `bk${randomUUID().slice(0, 8)}_refusals`;
const MONGO_URL = `mongodb://127.0.0.1:${TEST_PROFILE.mongo}`;

type Note = { _id: string; text: string };

const tar = (...args: string[]) => {
  const result = spawnSync('tar', args, { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(result.stderr);
};

describe('npm run restore refuses, changing nothing', () => {
  let client: MongoClient;
  let work: string;
  let archive: string;
  let mailDir: string;
  let target: SingleMachineTarget;

  /** The archive's contents, changed by `change`, packed again as a .tar.gz. */
  function altered(name: string, change: (root: string) => void): string {
    const root = fs.mkdtempSync(path.join(work, 'altered-'));
    tar('-xzf', archive, '-C', root);
    change(root);
    const file = path.join(work, `${name}.tar.gz`);
    tar('-czf', file, '-C', root, '.');
    return file;
  }

  /** What a restore must not have touched: the record written after the backup, and the mail. */
  async function expectNothingChanged(): Promise<void> {
    const notes = client.db(DATABASE).collection<Note>('notes');
    expect(await notes.find().toArray()).toEqual([{ _id: 'n1', text: 'changed after the backup' }]);
    expect(fs.readdirSync(mailDir)).toEqual(['after-the-backup.eml']);
  }

  beforeAll(async () => {
    client = await MongoClient.connect(MONGO_URL);
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'mcat-restore-spec-'));
    mailDir = path.join(work, 'mail');
    fs.mkdirSync(mailDir);
    fs.writeFileSync(path.join(mailDir, 'in-the-backup.eml'), 'Subject: kept\r\n\r\n');
    const notes = client.db(DATABASE).collection<Note>('notes');
    await notes.insertOne({ _id: 'n1', text: 'as backed up' });
    archive = path.join(work, 'ours.tar.gz');
    await createBackup({ mongoUrl: MONGO_URL, databases: [DATABASE], mailDir, file: archive });
    await notes.updateOne({ _id: 'n1' }, { $set: { text: 'changed after the backup' } });
    fs.rmSync(path.join(mailDir, 'in-the-backup.eml'));
    fs.writeFileSync(path.join(mailDir, 'after-the-backup.eml'), 'Subject: new\r\n\r\n');
    target = {
      mongoUrl: MONGO_URL,
      mailDir,
      stackPorts: [{ name: 'gateway', port: await freePort() }],
      natsDir: null,
      redisUrl: null,
    };
  }, 60_000);

  afterAll(async () => {
    await client?.db(DATABASE).dropDatabase();
    await client?.close();
    fs.rmSync(work, { recursive: true, force: true });
  });

  it('while the stack runs, naming what answers and saying to stop it first', async () => {
    const running = net.createServer().listen(0, '127.0.0.1');
    await new Promise((resolve) => running.once('listening', resolve));
    const { port } = running.address() as net.AddressInfo;
    try {
      const restore = restoreBackup(
        archive,
        singleMachineTarget({
          ...target,
          stackPorts: [...target.stackPorts, { name: 'auth', port }],
        }),
      );
      await expect(restore).rejects.toThrow(StackRunningError);
      await expect(restore).rejects.toThrow(
        `MCAT Logbook is running (auth on port ${port}). Stop it first (Ctrl-C in the terminal ` +
          'of npm start), then run the restore again. Nothing was restored.',
      );
    } finally {
      running.close();
    }
    await expectNothingChanged();
  });

  it('a file that is not a .tar.gz archive', async () => {
    const file = path.join(work, 'notes.txt');
    fs.writeFileSync(file, 'not an archive');
    const restore = restoreBackup(file, singleMachineTarget(target));
    await expect(restore).rejects.toThrow(NotOurArchiveError);
    await expect(restore).rejects.toThrow(
      /^.*notes\.txt is not an MCAT Logbook backup that can be restored: it is not a \.tar\.gz archive .*Nothing was changed\.$/,
    );
    await expectNothingChanged();
  });

  it('a .tar.gz archive of something else (no manifest)', async () => {
    const other = fs.mkdtempSync(path.join(work, 'other-'));
    fs.writeFileSync(path.join(other, 'photo.jpg'), 'jpeg');
    const file = path.join(work, 'photos.tar.gz');
    tar('-czf', file, '-C', other, '.');
    await expect(restoreBackup(file, singleMachineTarget(target))).rejects.toThrow(
      'photos.tar.gz is not an MCAT Logbook backup that can be restored: it has no manifest.json. Nothing was changed.',
    );
    await expectNothingChanged();
  });

  it('an archive whose manifest is of another format', async () => {
    const file = altered('foreign', (root) =>
      fs.writeFileSync(path.join(root, 'manifest.json'), JSON.stringify({ format: 'mongodump' })),
    );
    await expect(restoreBackup(file, singleMachineTarget(target))).rejects.toThrow(
      'its manifest.json does not say format "mcat-logbook-backup"',
    );
    await expectNothingChanged();
  });

  it('an archive made by a newer version, saying to restore it with that version', async () => {
    const file = altered('newer', (root) => {
      const manifestFile = path.join(root, 'manifest.json');
      const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<string, unknown>;
      fs.writeFileSync(manifestFile, JSON.stringify({ ...manifest, formatVersion: 2 }));
    });
    await expect(restoreBackup(file, singleMachineTarget(target))).rejects.toThrow(
      'it has format version 2, made by a newer MCAT Logbook (this one reads version 1); restore it with that version',
    );
    await expectNothingChanged();
  });

  it('an archive with a collection cut short, before anything is dropped', async () => {
    const file = altered('truncated', (root) => {
      const documents = path.join(root, 'databases', DATABASE, 'notes.ejson');
      fs.writeFileSync(documents, '');
    });
    await expect(restoreBackup(file, singleMachineTarget(target))).rejects.toThrow(
      `${DATABASE}.notes holds 0 documents where its manifest says 1`,
    );
    await expectNothingChanged();
  });

  it('an archive with a damaged document, before anything is dropped', async () => {
    const file = altered('damaged', (root) => {
      const documents = path.join(root, 'databases', DATABASE, 'notes.ejson');
      fs.writeFileSync(documents, '{"_id": "n1", "text": \n');
    });
    await expect(restoreBackup(file, singleMachineTarget(target))).rejects.toThrow(
      `${DATABASE}.notes, document 1:`,
    );
    await expectNothingChanged();
  });

  it('an archive whose manifest points outside it', async () => {
    const file = altered('escaping', (root) => {
      const manifestFile = path.join(root, 'manifest.json');
      const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as {
        mail: { files: string[] };
      };
      manifest.mail.files.push('../../etc/passwd');
      fs.writeFileSync(manifestFile, JSON.stringify(manifest));
    });
    await expect(restoreBackup(file, singleMachineTarget(target))).rejects.toThrow(
      'its mail entry names a file outside the archive',
    );
    await expectNothingChanged();
  });
});
