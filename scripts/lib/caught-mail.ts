/**
 * What the SMTP catcher does with a message: the file name it is stored under and the password
 * reset link it carries, read from the raw message.
 */

/** `<time>-<recipient>.eml`, safe as a file name and sorting by arrival. */
export function mailFileName(receivedAt: Date, recipient: string): string {
  const time = receivedAt.toISOString().replace(/[:.]/g, '-');
  return `${time}-${recipient.replace(/[^\w@.+-]/g, '_')}.eml`;
}

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
