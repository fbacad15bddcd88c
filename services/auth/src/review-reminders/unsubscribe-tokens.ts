import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The key is derived from REVIEW_REMINDER_SECRET for this purpose alone, so nothing else signed
 * with the same secret, now or later, can pass for an unsubscribe token, nor the other way round.
 */
const PURPOSE = 'mcat-logbook review-reminders one-click-unsubscribe v1';

const TOKEN = /^([0-9a-f]{24})\.([A-Za-z0-9_-]{43})$/;

/**
 * The signed tokens of the reminders' one-click unsubscribe address: `<userId>.<HMAC-SHA256 of
 * it>`, base64url (68 characters). A token names one account and can only turn its reminders off;
 * it does not expire, as an old mail's unsubscribe link must keep working.
 */
export class UnsubscribeTokens {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = createHmac('sha256', secret).update(PURPOSE).digest();
  }

  issue(userId: string): string {
    return `${userId}.${this.mac(userId).toString('base64url')}`;
  }

  /** The account a token was issued for, or null when it is malformed or its signature fails. */
  verify(token: string): string | null {
    const match = TOKEN.exec(token);
    if (!match) return null;
    const [, userId = '', signature = ''] = match;
    const given = Buffer.from(signature, 'base64url');
    const expected = this.mac(userId);
    // Only the canonical spelling: a base64url string with other trailing bits decodes alike.
    if (given.toString('base64url') !== signature) return null;
    return given.length === expected.length && timingSafeEqual(given, expected) ? userId : null;
  }

  private mac(userId: string): Buffer {
    return createHmac('sha256', this.key).update(userId).digest();
  }
}
