/**
 * `createBackup`: every given database (collection by collection, with indexes) and the mail
 * folder into one .tar.gz with its manifest. What to back up is a parameter: the CLI passes the
 * product's databases (product-databases.ts), the tests databases of their own.
 */
import fs from 'node:fs';
import path from 'node:path';
import { MongoClient } from 'mongodb';
import { packArchive } from './archive-file';
import { dumpDatabase } from './database-dump';
import { copyMailOut } from './mail-folder';
import {
  ARCHIVE_FORMAT,
  FORMAT_VERSION,
  writeManifest,
  type DatabaseEntry,
  type Manifest,
} from './manifest';

export interface BackupOptions {
  /** The MongoDB server (FerretDB locally); its path and options are kept, its database unused. */
  mongoUrl: string;
  databases: readonly string[];
  /** The mail folder to include; null where mail leaves through a relay (a cluster). */
  mailDir: string | null;
  /** The archive to write (.tar.gz); its folder is created. */
  file: string;
  now?: Date;
}

export interface BackupSummary {
  file: string;
  manifest: Manifest;
  documents: number;
}

/** `mcat-logbook-2026-11-25T19-04-05Z.tar.gz` (UTC; no colons, for any disk). */
export function backupFileName(now: Date = new Date()): string {
  const stamp = now
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replace(/:/g, '-');
  return `mcat-logbook-${stamp}.tar.gz`;
}

/** `<dataDir>/backups/mcat-logbook-<UTC time>.tar.gz`: where `npm run backup` writes by default. */
export const defaultBackupFile = (dataDir: string, now: Date = new Date()): string =>
  path.join(dataDir, 'backups', backupFileName(now));

/** The archives' names (backupFileName), which sort by time. */
export const BACKUP_FILE_PATTERN = /^mcat-logbook-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.tar\.gz$/;

export const documentCount = (databases: readonly DatabaseEntry[]): number =>
  databases.reduce(
    (sum, database) => sum + database.collections.reduce((n, c) => n + c.count, 0),
    0,
  );

export async function createBackup(options: BackupOptions): Promise<BackupSummary> {
  const file = path.resolve(options.file);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  // Staged beside the archive: the same disk, and as private as the archive.
  const staging = fs.mkdtempSync(path.join(path.dirname(file), '.backup-staging-'));
  try {
    const databases: DatabaseEntry[] = [];
    const client = await MongoClient.connect(options.mongoUrl, { serverSelectionTimeoutMS: 5000 });
    try {
      for (const name of options.databases) {
        databases.push(await dumpDatabase(client, name, staging));
      }
    } finally {
      await client.close();
    }
    const manifest: Manifest = {
      format: ARCHIVE_FORMAT,
      formatVersion: FORMAT_VERSION,
      createdAt: (options.now ?? new Date()).toISOString(),
      databases,
      mail: copyMailOut(options.mailDir, staging),
    };
    writeManifest(staging, manifest);
    packArchive(staging, file);
    return { file, manifest, documents: documentCount(databases) };
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}
