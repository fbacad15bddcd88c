/** The mail the stack's SMTP catcher stored as .eml files, read back by recipient. */
import fs from 'node:fs';
import path from 'node:path';
import { findResetLink } from '../../../../scripts/lib/caught-mail';
import { systemEnv } from './system-env';

const POLL_MS = 200;

/** Every reset link sent to the recipient so far, oldest first. */
export function resetLinksFor(recipient: string, mailDir = systemEnv.mailDir): string[] {
  if (!fs.existsSync(mailDir)) return [];
  return fs
    .readdirSync(mailDir)
    .filter((name) => name.endsWith('.eml') && name.includes(recipient))
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
