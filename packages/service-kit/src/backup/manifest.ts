/**
 * What an archive of `npm run backup` holds, written as `manifest.json` at its root: the format and
 * its version, when it was made, every database with its collections (the file of each, how many
 * documents, its indexes) and the caught mails. `npm run restore` reads it first and refuses any
 * archive whose manifest is missing or is not of this shape (docs/adr/0018-backups.md).
 */
import fs from 'node:fs';
import path from 'node:path';

export const ARCHIVE_FORMAT = 'mcat-logbook-backup';
export const FORMAT_VERSION = 1;
export const MANIFEST_FILE = 'manifest.json';

/** An index as `listIndexes` describes it, without `v` and `ns`, as canonical Extended JSON. */
export type IndexDescription = Record<string, unknown>;

export interface CollectionEntry {
  name: string;
  /** The documents, one canonical Extended JSON object a line, relative to the archive's root. */
  file: string;
  count: number;
  /** Every index but `_id_`, which each collection has anyway. */
  indexes: IndexDescription[];
}

export interface DatabaseEntry {
  name: string;
  collections: CollectionEntry[];
}

export interface MailEntry {
  /** The folder, relative to the archive's root. */
  folder: string;
  /** The files of the mail folder, relative to it. */
  files: string[];
}

export interface Manifest {
  format: typeof ARCHIVE_FORMAT;
  formatVersion: typeof FORMAT_VERSION;
  /** ISO 8601, UTC. */
  createdAt: string;
  databases: DatabaseEntry[];
  mail: MailEntry;
}

/** The archive is not one `npm run backup` wrote, or not whole: nothing was changed. */
export class NotOurArchiveError extends Error {
  constructor(file: string, why: string) {
    super(
      `${file} is not an MCAT Logbook backup that can be restored: ${why}. Nothing was changed.`,
    );
  }
}

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A path inside the archive: relative, no `..`, so a manifest cannot point outside it. */
const isInnerPath = (value: unknown): value is string =>
  typeof value === 'string' &&
  value.length > 0 &&
  !path.isAbsolute(value) &&
  !value.split(/[\\/]/).includes('..');

function collectionProblem(value: unknown): string | null {
  if (!isObject(value)) return 'a collection entry is not an object';
  if (typeof value.name !== 'string' || value.name === '') return 'a collection has no name';
  if (!isInnerPath(value.file)) return `collection ${value.name} names no file inside the archive`;
  if (typeof value.count !== 'number' || !Number.isInteger(value.count) || value.count < 0) {
    return `collection ${value.name} has no document count`;
  }
  if (!Array.isArray(value.indexes) || !value.indexes.every(isObject)) {
    return `collection ${value.name} has no list of indexes`;
  }
  return null;
}

function databaseProblem(value: unknown): string | null {
  if (!isObject(value)) return 'a database entry is not an object';
  if (typeof value.name !== 'string' || value.name === '') return 'a database has no name';
  if (!Array.isArray(value.collections)) return `database ${value.name} has no collections list`;
  for (const collection of value.collections) {
    const problem = collectionProblem(collection);
    if (problem) return `${value.name}: ${problem}`;
  }
  return null;
}

/** Why `value` is not a manifest this version can restore, or null when it is one. */
export function manifestProblem(value: unknown): string | null {
  if (!isObject(value) || value.format !== ARCHIVE_FORMAT) {
    return `its ${MANIFEST_FILE} does not say format "${ARCHIVE_FORMAT}"`;
  }
  if (typeof value.formatVersion !== 'number') return 'its manifest has no format version';
  if (value.formatVersion > FORMAT_VERSION) {
    return (
      `it has format version ${value.formatVersion}, made by a newer MCAT Logbook ` +
      `(this one reads version ${FORMAT_VERSION}); restore it with that version`
    );
  }
  if (value.formatVersion !== FORMAT_VERSION) {
    return `it has format version ${value.formatVersion}, which this version does not read`;
  }
  if (typeof value.createdAt !== 'string') return 'its manifest has no creation time';
  if (!Array.isArray(value.databases)) return 'its manifest lists no databases';
  for (const database of value.databases) {
    const problem = databaseProblem(database);
    if (problem) return problem;
  }
  const mail = value.mail;
  if (!isObject(mail) || !isInnerPath(mail.folder) || !Array.isArray(mail.files)) {
    return 'its manifest has no mail entry';
  }
  if (!mail.files.every(isInnerPath)) return 'its mail entry names a file outside the archive';
  return null;
}

/** Reads and checks `manifest.json` of an unpacked archive. */
export function readManifest(root: string, archive: string): Manifest {
  const file = path.join(root, MANIFEST_FILE);
  if (!fs.existsSync(file)) throw new NotOurArchiveError(archive, `it has no ${MANIFEST_FILE}`);
  let value: unknown;
  try {
    value = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    throw new NotOurArchiveError(archive, `its ${MANIFEST_FILE} is not JSON`);
  }
  const problem = manifestProblem(value);
  if (problem) throw new NotOurArchiveError(archive, problem);
  return value as Manifest;
}

export function writeManifest(root: string, manifest: Manifest): void {
  fs.writeFileSync(path.join(root, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`, {
    mode: 0o600,
  });
}
