import { createHmac } from 'node:crypto';
import { UnsubscribeTokens } from './unsubscribe-tokens';

const SECRET = 'a-review-reminder-secret-of-32-characters-or-more';
const USER = '665f1c2e9b1e8a3d4c5b6a79';
const OTHER_USER = '665f1c2e9b1e8a3d4c5b6a7a';

/** The token with one character of its signature changed. */
const tampered = (token: string): string => {
  const last = token.at(-2) === 'A' ? 'B' : 'A';
  return `${token.slice(0, -2)}${last}${token.slice(-1)}`;
};

describe('the unsubscribe tokens of reminder mails', () => {
  const tokens = new UnsubscribeTokens(SECRET);

  it('name the account they were issued for, within the router path limit', () => {
    const token = tokens.issue(USER);
    expect(token.length).toBeLessThanOrEqual(100);
    expect(token).toMatch(/^[0-9a-f]{24}\.[A-Za-z0-9_-]{43}$/);
    expect(tokens.verify(token)).toBe(USER);
  });

  it('are refused when tampered with, moved to another account or malformed', () => {
    const token = tokens.issue(USER);
    const [, signature] = token.split('.');
    expect(tokens.verify(tampered(token))).toBeNull();
    expect(tokens.verify(`${OTHER_USER}.${signature}`)).toBeNull();
    expect(tokens.verify(`${token}x`)).toBeNull();
    expect(tokens.verify(USER)).toBeNull();
    expect(tokens.verify('')).toBeNull();
  });

  it('are refused under another secret', () => {
    expect(new UnsubscribeTokens(`${SECRET}-rotated`).verify(tokens.issue(USER))).toBeNull();
  });

  it('are not a plain HMAC of the id under the secret: the key is kept for this one purpose', () => {
    const plain = createHmac('sha256', SECRET).update(USER).digest('base64url');
    expect(tokens.verify(`${USER}.${plain}`)).toBeNull();
  });

  it('are refused in a spelling whose unused trailing bits differ', () => {
    const token = tokens.issue(USER);
    const last = token.at(-1) ?? '';
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    // 43 base64url characters carry 258 bits for a 256-bit MAC: the last one has 2 spare bits.
    const sibling = alphabet[alphabet.indexOf(last) ^ 1] ?? '';
    expect(tokens.verify(`${token.slice(0, -1)}${sibling}`)).toBeNull();
  });
});
