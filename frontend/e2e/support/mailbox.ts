/**
 * Reads the password reset link, and a reminder's List-Unsubscribe address, out of the mail the
 * test stack's SMTP catcher stored.
 */
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { expect } from '@playwright/test';

// The shared mailbox reader is CommonJS (the test-support package's type); this file is ESM.
type Mailbox = typeof import('@mcat/test-support/system/mailbox');
const { mailsTo, resetLinksFor } = createRequire(import.meta.url)(
  '@mcat/test-support/system/mailbox',
) as Mailbox;

const mailDir = (): string =>
  process.env.E2E_MAIL_DIR ?? fileURLToPath(new URL('../../../.test-data/mail', import.meta.url));

const latestResetLink = (recipient: string): string | null =>
  resetLinksFor(recipient, mailDir()).at(-1) ?? null;

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

/** The List-Unsubscribe address of the newest reminder mail to the recipient, if any. */
const latestUnsubscribeLink = (recipient: string): string | null => {
  const reminder = mailsTo(recipient, mailDir())
    .filter((mail) => mail.subject.includes('due for re-review'))
    .at(-1);
  const headers = reminder?.content.split(/\r?\n\r?\n/, 1)[0]?.replace(/\r?\n[ \t]+/g, ' ');
  return (headers && /^List-Unsubscribe: <([^>]+)>$/m.exec(headers)?.[1]) ?? null;
};

/** Waits for a reminder mail (up to the 3 minutes it may take) and answers its address's path. */
export const waitForUnsubscribePath = async (recipient: string): Promise<string> => {
  let link: string | null = null;
  await expect
    .poll(() => (link = latestUnsubscribeLink(recipient)), {
      timeout: 180_000,
      intervals: [500, 1000, 2000],
    })
    .not.toBeNull();
  return new URL(link as unknown as string).pathname;
};
