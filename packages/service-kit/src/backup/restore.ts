/**
 * `restoreBackup`: puts an archive of `createBackup` back while the product is stopped. It refuses
 * while the product runs (the caller says how to tell), and refuses an archive that is not one of
 * ours or not whole, before changing anything: the archive is unpacked and every file read first
 * (`openArchive`). Then each database's contents are replaced, the mail folder's, and the state
 * that must not outlive the restore is reset (derived-state.ts). A failure part-way names what was
 * and was not restored.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MongoClient } from 'mongodb';
import { unpackArchive } from './archive-file';
import { checkDatabaseFiles, loadDatabase } from './database-load';
import { clearSessionVersions } from './derived-state';
import { checkMailFiles, restoreMail } from './mail-folder';
import { readManifest, type Manifest } from './manifest';

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

/** The events published after the backup, which must not be applied to the restored data. */
export interface EventsReset {
  /** What is reset, as the summary and a failure name it ("JetStream"). */
  name: string;
  /** Resets them; resolves to true when there was something to reset. */
  reset(): Promise<boolean>;
}

export interface RestoreTarget {
  mongoUrl: string;
  /** The mail folder the archive's mail replaces; null where mail leaves through a relay. */
  mailDir: string | null;
  /** Rejects (with what to do) while any process of the product runs. */
  refuseWhileRunning(): Promise<void>;
  /** The JetStream state to reset; null to leave it (an external NATS another tool manages). */
  events: EventsReset | null;
  /** Where auth's session versions are cleared; null to leave Redis alone. */
  redisUrl: string | null;
}

export interface RestoreSummary {
  createdAt: string;
  databases: { name: string; collections: number; documents: number }[];
  mails: number;
  eventsReset: boolean;
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
  await target.refuseWhileRunning();
  const { manifest, root } = archive;
  const steps = [
    ...manifest.databases.map((d) => `database ${d.name}`),
    ...(target.mailDir ? ['the mail folder'] : []),
    ...(target.events ? [target.events.name] : []),
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
    eventsReset: false,
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
  const mailDir = target.mailDir;
  if (mailDir) {
    summary.mails = await step('the mail folder', () => restoreMail(root, manifest.mail, mailDir));
  }
  const events = target.events;
  if (events) summary.eventsReset = await step(events.name, () => events.reset());
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
  await target.refuseWhileRunning();
  const archive = await openArchive(file);
  try {
    return await restoreArchive(archive, target);
  } finally {
    archive.dispose();
  }
}
