/**
 * `restoreBackup`: puts an archive of `createBackup` back into a stopped stack. It refuses while
 * the stack runs, and refuses an archive that is not one of ours or not whole, before changing
 * anything: the archive is unpacked and every file read first (`openArchive`). Then each
 * database's contents are replaced, the mail folder's, and the state that must not outlive the
 * restore is reset (derived-state.ts). A failure part-way names what was and was not restored.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MongoClient } from 'mongodb';
import { unpackArchive } from './archive-file';
import { checkDatabaseFiles, loadDatabase } from './database-load';
import { clearSessionVersions, resetJetStream } from './derived-state';
import { checkMailFiles, restoreMail } from './mail-folder';
import { readManifest, type Manifest } from './manifest';
import { refuseWhileRunning, type NamedPort } from './running-stack';

export interface OpenedArchive {
  file: string;
  /** The unpacked archive. */
  root: string;
  manifest: Manifest;
  /** Removes the unpacked copy. */
  dispose(): void;
}

/** Unpacks and checks an archive; throws NotOurArchiveError when it is not a whole one of ours. */
export async function openArchive(file: string): Promise<OpenedArchive> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'mcat-restore-'));
  const dispose = () => fs.rmSync(root, { recursive: true, force: true });
  try {
    unpackArchive(file, root);
    const manifest = readManifest(root, file);
    for (const database of manifest.databases) await checkDatabaseFiles(root, database, file);
    checkMailFiles(root, manifest.mail, file);
    return { file, root, manifest, dispose };
  } catch (error) {
    dispose();
    throw error;
  }
}

export interface RestoreTarget {
  mongoUrl: string;
  mailDir: string;
  /** Must all be closed: the stack's processes. */
  stackPorts: readonly NamedPort[];
  /** The embedded NATS's data folder, whose JetStream state is reset; null for an external NATS. */
  natsDir: string | null;
  /** Where auth's session versions are cleared; null to leave Redis alone. */
  redisUrl: string | null;
}

export interface RestoreSummary {
  createdAt: string;
  databases: { name: string; collections: number; documents: number }[];
  mails: number;
  jetStreamReset: boolean;
  sessionVersionsCleared: number | null;
}

/** Something failed after the first change: says what is restored and what is not. */
export class RestoreIncompleteError extends Error {
  constructor(step: string, cause: unknown, restored: string[], notRestored: string[]) {
    const why = cause instanceof Error ? cause.message : String(cause);
    super(
      `The restore stopped at ${step}: ${why}\n` +
        `Restored: ${restored.join(', ') || 'nothing'}. ` +
        `Not restored: ${notRestored.join(', ')}.\n` +
        'Fix the cause and run the restore again: it starts over from the archive.',
    );
  }
}

export async function restoreArchive(
  archive: OpenedArchive,
  target: RestoreTarget,
): Promise<RestoreSummary> {
  await refuseWhileRunning(target.stackPorts);
  const { manifest, root } = archive;
  const steps = [
    ...manifest.databases.map((d) => `database ${d.name}`),
    'the mail folder',
    ...(target.natsDir ? ['JetStream'] : []),
    ...(target.redisUrl ? ['the session versions in Redis'] : []),
  ];
  const done: string[] = [];
  const step = async <T>(name: string, run: () => Promise<T> | T): Promise<T> => {
    try {
      const result = await run();
      done.push(name);
      return result;
    } catch (error) {
      throw new RestoreIncompleteError(name, error, done, steps.slice(done.length));
    }
  };

  const summary: RestoreSummary = {
    createdAt: manifest.createdAt,
    databases: [],
    mails: 0,
    jetStreamReset: false,
    sessionVersionsCleared: null,
  };
  const client = await MongoClient.connect(target.mongoUrl, { serverSelectionTimeoutMS: 5000 });
  try {
    for (const database of manifest.databases) {
      const documents = await step(`database ${database.name}`, () =>
        loadDatabase(client, root, database),
      );
      summary.databases.push({
        name: database.name,
        collections: database.collections.length,
        documents,
      });
    }
  } finally {
    await client.close();
  }
  summary.mails = await step('the mail folder', () =>
    restoreMail(root, manifest.mail, target.mailDir),
  );
  const natsDir = target.natsDir;
  if (natsDir) summary.jetStreamReset = await step('JetStream', () => resetJetStream(natsDir));
  const redisUrl = target.redisUrl;
  if (redisUrl) {
    summary.sessionVersionsCleared = await step('the session versions in Redis', () =>
      clearSessionVersions(redisUrl),
    );
  }
  return summary;
}

/** Refuses while the stack runs or for an archive not ours; otherwise restores it whole. */
export async function restoreBackup(file: string, target: RestoreTarget): Promise<RestoreSummary> {
  await refuseWhileRunning(target.stackPorts);
  const archive = await openArchive(file);
  try {
    return await restoreArchive(archive, target);
  } finally {
    archive.dispose();
  }
}
