import { randomObjectId, TestTokenIssuer } from '../testing/test-token-issuer';
import { JwksKeyStore } from './jwks-key-store';
import { TokenVerifier } from './token-verifier';

describe('TokenVerifier', () => {
  let issuer: TestTokenIssuer;
  const claims = { sub: randomObjectId(), roles: ['student' as const], sv: 3 };

  beforeAll(async () => {
    issuer = await TestTokenIssuer.start();
  });
  afterAll(() => issuer.close());

  const verifier = (sessionVersion?: (userId: string) => Promise<number>) =>
    new TokenVerifier(new JwksKeyStore(issuer.jwksUrl), sessionVersion);

  it('returns the claims of a valid token, again from memory the second time', async () => {
    const v = verifier();
    const token = issuer.sign(claims);
    await expect(v.verify(`Bearer ${token}`)).resolves.toEqual(claims);
    await expect(v.verify(`Bearer ${token}`)).resolves.toEqual(claims);
  });

  it('refuses a remembered token once it has expired', async () => {
    const v = verifier();
    // `exp` counts whole seconds from a rounded-down now: 3 s leaves at least 2 s for the first check.
    const token = issuer.sign(claims, 3);
    await expect(v.verify(`Bearer ${token}`)).resolves.toEqual(claims);
    const { exp } = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as {
      exp: number;
    };
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, exp * 1000 - Date.now()) + 50));
    await expect(v.verify(`Bearer ${token}`)).rejects.toMatchObject({ status: 401 });
  });

  it('checks the session version on every call, remembered or not', async () => {
    let current = 3;
    const v = verifier(async () => current);
    const token = issuer.sign(claims);
    await expect(v.verify(`Bearer ${token}`)).resolves.toEqual(claims);
    current = 4;
    await expect(v.verify(`Bearer ${token}`)).rejects.toMatchObject({ status: 401 });
  });

  it.each([
    ['tampered', () => issuer.tampered(claims)],
    ['expired', () => issuer.expired(claims)],
    ['never-expiring (no exp)', () => issuer.withoutExpiry(claims)],
    ['alg none', () => issuer.none(claims)],
    ['HS256 with the public key', () => issuer.hs256WithPublicKey(claims)],
    ['signed by another key', () => issuer.foreignKey(claims)],
  ])('refuses a %s token even after the genuine one was verified', async (_kind, forge) => {
    const v = verifier();
    await v.verify(`Bearer ${issuer.sign(claims)}`);
    await expect(v.verify(`Bearer ${forge()}`)).rejects.toMatchObject({ status: 401 });
  });

  it('asks to sign in again when a correctly signed token has no expiry', async () => {
    await expect(verifier().verify(`Bearer ${issuer.withoutExpiry(claims)}`)).rejects.toMatchObject(
      {
        status: 401,
        message: 'Your session has expired or is invalid. Please log in again.',
      },
    );
  });

  it('answers 503, not 401, for a new key while the auth service cannot be reached', async () => {
    const unreachable = new TokenVerifier(
      new JwksKeyStore(issuer.jwksUrl, 30_000, () => Promise.reject(new TypeError('fetch failed'))),
    );
    await expect(unreachable.verify(`Bearer ${issuer.sign(claims)}`)).rejects.toMatchObject({
      status: 503,
      message: 'Sign-in check is temporarily unavailable. Please try again in a moment.',
    });
  });

  it('refuses a missing token', async () => {
    await expect(verifier().verify(undefined)).rejects.toMatchObject({
      status: 401,
      message: 'Please log in to continue.',
    });
  });
});
