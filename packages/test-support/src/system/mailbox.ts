/** The mail the stack's SMTP catcher stored as .eml files, read back by recipient. */
import fs from 'node:fs';
import path from 'node:path';
import { decodeQuotedPrintable, findResetLink, isMailFileOf } from '@mcat/runner/caught-mail';
import { systemEnv } from './system-env';

const POLL_MS = 200;

/** Every reset link sent to the recipient so far, oldest first. */
export function resetLinksFor(recipient: string, mailDir = systemEnv.mailDir): string[] {
  if (!fs.existsSync(mailDir)) return [];
  return fs
    .readdirSync(mailDir)
    .filter((name) => isMailFileOf(name, recipient))
    .sort()
    .map((name) => findResetLink(fs.readFileSync(path.join(mailDir, name), 'utf8')))
    .filter((link): link is string => link !== null);
}

/** Waits until the recipient has received `count` reset mails; answers the newest link. */
export async function waitForResetLink(
  recipient: string,
  count = 1,
  timeoutMs = 30_000,
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const links = resetLinksFor(recipient);
    if (links.length >= count) return links[links.length - 1] as string;
    if (Date.now() > deadline) {
      throw new Error(
        `No reset mail number ${count} for ${recipient} in ${systemEnv.mailDir} ` +
          `within ${timeoutMs} ms (found ${links.length})`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** A caught message: its subject and its whole decoded source (headers, text and HTML parts). */
export interface StoredMail {
  subject: string;
  content: string;
}

/** Every message sent to the recipient so far, oldest first. */
export function mailsTo(recipient: string, mailDir = systemEnv.mailDir): StoredMail[] {
  if (!fs.existsSync(mailDir)) return [];
  return fs
    .readdirSync(mailDir)
    .filter((name) => isMailFileOf(name, recipient))
    .sort()
    .map((name) => {
      const raw = fs.readFileSync(path.join(mailDir, name), 'utf8');
      const headers = raw.split(/\r?\n\r?\n/, 1)[0] ?? '';
      const subject = /^Subject:[ \t]*(.*)$/im.exec(headers.replace(/\r?\n(?=[ \t])/g, ''));
      return { subject: subject?.[1]?.trim() ?? '', content: decodeQuotedPrintable(raw) };
    });
}

/** Waits for the first message to the recipient whose subject matches; answers it. */
export async function waitForMail(
  recipient: string,
  subject: string | RegExp,
  timeoutMs = 30_000,
): Promise<StoredMail> {
  const matches = (mail: StoredMail) =>
    typeof subject === 'string' ? mail.subject === subject : subject.test(mail.subject);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = mailsTo(recipient).find(matches);
    if (found) return found;
    if (Date.now() > deadline) {
      const seen = mailsTo(recipient).map((mail) => mail.subject);
      throw new Error(
        `No mail "${String(subject)}" to ${recipient} within ${timeoutMs} ms (seen: ${JSON.stringify(seen)})`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
