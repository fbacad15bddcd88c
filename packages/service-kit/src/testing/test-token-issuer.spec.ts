import { JwtService } from '@nestjs/jwt';
import { JwksKeyStore } from '../auth/jwks-key-store';
import { JWT_ALGORITHM } from '../auth/token';
import { randomObjectId, TestTokenIssuer } from './test-token-issuer';

describe('TestTokenIssuer', () => {
  let issuer: TestTokenIssuer;
  const jwt = new JwtService({});
  const claims = { sub: randomObjectId(), roles: ['student' as const], sv: 2 };

  beforeAll(async () => {
    issuer = await TestTokenIssuer.start();
  });
  afterAll(() => issuer.close());

  const verify = async (token: string) => {
    const key = await new JwksKeyStore(issuer.jwksUrl).publicKey(issuer.kid);
    return jwt.verifyAsync<Record<string, unknown>>(token, {
      publicKey: key,
      algorithms: [JWT_ALGORITHM],
    });
  };

  it('signs tokens that verify against the published JWKS', async () => {
    await expect(verify(issuer.sign(claims))).resolves.toMatchObject(claims);
  });

  it.each([
    ['expired', (c: typeof claims) => issuer.expired(c)],
    ['tampered', (c: typeof claims) => issuer.tampered(c)],
    ['alg none', (c: typeof claims) => issuer.none(c)],
    ['HS256 with the public key', (c: typeof claims) => issuer.hs256WithPublicKey(c)],
    ['signed by another key', (c: typeof claims) => issuer.foreignKey(c)],
  ])('makes %s tokens that fail verification', async (_name, make) => {
    await expect(verify(make(claims))).rejects.toThrow();
  });
});
