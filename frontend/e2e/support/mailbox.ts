/** Reads the password reset link out of the mail the test stack's SMTP catcher stored. */
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { expect } from '@playwright/test';

// The runner's module is CommonJS (the repository root's package type); this file is ESM.
type CaughtMail = typeof import('../../../scripts/lib/caught-mail');
const { findResetLink, isMailFileOf } = createRequire(import.meta.url)(
  '../../../scripts/lib/caught-mail',
) as CaughtMail;

const mailDir = (): string =>
  process.env.E2E_MAIL_DIR ?? fileURLToPath(new URL('../../../.test-data/mail', import.meta.url));

const latestResetLink = (recipient: string): string | null => {
  const dir = mailDir();
  if (!fs.existsSync(dir)) return null;
  const files = fs
    .readdirSync(dir)
    .filter((name) => isMailFileOf(name, recipient))
    .sort()
    .reverse();
  for (const file of files) {
    const link = findResetLink(fs.readFileSync(path.join(dir, file), 'utf8'));
    if (link) return link;
  }
  return null;
};

/** Waits for the reset mail to arrive and answers the link's path (/reset-password/<token>). */
export const waitForResetPath = async (recipient: string): Promise<string> => {
  let link: string | null = null;
  await expect
    .poll(() => (link = latestResetLink(recipient)), {
      timeout: 30_000,
      intervals: [250, 500, 1000],
    })
    .not.toBeNull();
  return new URL(link as unknown as string).pathname;
};
