/**
 * What the SMTP catcher does with a message: the file name it is stored under and the password
 * reset link it carries, read from the raw message.
 */
import { createHash } from 'node:crypto';

/**
 * The recipient as it stands in a file name: characters a file name cannot hold become `_`, and an
 * address too long for the 255-byte file name (an e-mail may have 254 characters, the time and
 * `.eml` take 29 more) keeps its first 200 characters and a hash of the whole address.
 */
export function mailFileRecipient(recipient: string): string {
  const safe = recipient.replace(/[^\w@.+-]/g, '_');
  if (safe.length <= 226) return safe;
  return `${safe.slice(0, 200)}~${createHash('sha256').update(recipient).digest('hex').slice(0, 16)}`;
}

/** `<time>-<recipient>.eml`, safe as a file name and sorting by arrival. */
export function mailFileName(receivedAt: Date, recipient: string): string {
  const time = receivedAt.toISOString().replace(/[:.]/g, '-');
  return `${time}-${mailFileRecipient(recipient)}.eml`;
}

/** Whether a file of the mail folder holds a message to that recipient. */
export const isMailFileOf = (fileName: string, recipient: string): boolean =>
  fileName.endsWith('.eml') && fileName.includes(`-${mailFileRecipient(recipient)}.eml`);

/**
 * Undoes quoted-printable encoding: soft line breaks (`=` at a line end) and `=XX` escapes. Text
 * that is not quoted-printable is left as it is, except for a literal `=XX`, which a link never has.
 */
export function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

const RESET_LINK = /https?:\/\/[^\s"'<>]+\/reset-password\/[\w.~%-]+/;

/** The first password reset link in the message, from its text or HTML part, or null. */
export function findResetLink(rawMessage: string): string | null {
  return RESET_LINK.exec(decodeQuotedPrintable(rawMessage))?.[0] ?? null;
}
