/**
 * The mail the SMTP catcher wrote (`.eml` files under the profile's mail folder): copied into the
 * archive as they are, and put back in place of the folder's contents on a restore.
 */
import fs from 'node:fs';
import path from 'node:path';
import { NotOurArchiveError, type MailEntry } from './manifest';

const ARCHIVE_FOLDER = 'mail';

/** Every file under `dir`, relative to it, sorted. */
function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => fs.statSync(path.join(dir, file)).isFile())
    .map((file) => file.split(path.sep).join('/'))
    .sort();
}

/** Copies the mail folder (null or absent: no mail) into the staging folder. */
export function copyMailOut(mailDir: string | null, root: string): MailEntry {
  const target = path.join(root, ARCHIVE_FOLDER);
  fs.mkdirSync(target, { recursive: true });
  if (!mailDir) return { folder: ARCHIVE_FOLDER, files: [] };
  const files = filesUnder(mailDir);
  for (const file of files) {
    fs.mkdirSync(path.dirname(path.join(target, file)), { recursive: true });
    fs.copyFileSync(path.join(mailDir, file), path.join(target, file));
  }
  return { folder: ARCHIVE_FOLDER, files };
}

/** Throws NotOurArchiveError unless every mail the manifest lists is in the archive. */
export function checkMailFiles(root: string, mail: MailEntry, archive: string): void {
  const missing = mail.files.filter((file) => !fs.existsSync(path.join(root, mail.folder, file)));
  if (missing.length > 0) {
    throw new NotOurArchiveError(
      archive,
      `${missing.length} mail file(s) are missing, ${missing[0]} first`,
    );
  }
}

/** Replaces the mail folder's contents with the archive's mail. */
export function restoreMail(root: string, mail: MailEntry, mailDir: string): number {
  fs.rmSync(mailDir, { recursive: true, force: true });
  fs.mkdirSync(mailDir, { recursive: true });
  for (const file of mail.files) {
    fs.mkdirSync(path.dirname(path.join(mailDir, file)), { recursive: true });
    fs.copyFileSync(path.join(root, mail.folder, file), path.join(mailDir, file));
  }
  return mail.files.length;
}
