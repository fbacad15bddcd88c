/**
 * The archive as one file: a gzip-compressed tar of the staging folder, made and read by the
 * system's `tar` (GNU tar on Debian: always there, and it refuses member names with `..`). It is
 * written next to its destination and renamed into place, so a failed backup leaves no half file,
 * and readable by its owner only: it holds every account.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { NotOurArchiveError } from './manifest';

function tar(args: string[]): { ok: boolean; error: string } {
  const result = spawnSync('tar', args, { encoding: 'utf8' });
  if (result.error) return { ok: false, error: result.error.message };
  const error = result.stderr.trim().split('\n')[0];
  return { ok: result.status === 0, error: error || `tar exited with ${result.status}` };
}

/** Writes `folder`'s contents to `file` (.tar.gz). */
export function packArchive(folder: string, file: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const partial = `${file}.partial`;
  const { ok, error } = tar(['-czf', partial, '-C', folder, '.']);
  if (!ok) {
    fs.rmSync(partial, { force: true });
    throw new Error(`Could not write ${file}: ${error}`);
  }
  fs.chmodSync(partial, 0o600);
  fs.renameSync(partial, file);
}

/** Unpacks `file` into the empty folder `into`; NotOurArchiveError when tar cannot read it. */
export function unpackArchive(file: string, into: string): void {
  if (!fs.existsSync(file) || !fs.statSync(file).isFile()) {
    throw new Error(`There is no backup file ${file}.`);
  }
  const { ok, error } = tar(['-xzf', file, '-C', into, '--no-same-owner', '--no-same-permissions']);
  if (!ok) throw new NotOurArchiveError(file, `it is not a .tar.gz archive (${error})`);
}
