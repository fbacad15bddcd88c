import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadSigningKeys } from './signing-keys';

const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'mcat-keys-'));

describe('token signing keys', () => {
  it('are generated on first start with mode 600 and reused afterwards', () => {
    const dir = path.join(tempDir(), 'keys');
    const first = loadSigningKeys({ JWT_KEYS_DIR: dir });
    const files = fs.readdirSync(dir);
    expect(files.sort()).toEqual(['jwt-private.pem', 'jwt-public.pem']);
    for (const file of files) {
      expect(fs.statSync(path.join(dir, file)).mode & 0o777).toBe(0o600);
    }
    const second = loadSigningKeys({ JWT_KEYS_DIR: dir });
    expect(second.kid).toBe(first.kid);
    expect(second.jwk).toEqual(first.jwk);
    expect(first.jwk).toEqual({
      kty: 'RSA',
      n: expect.any(String),
      e: 'AQAB',
      kid: first.kid,
      alg: 'RS256',
      use: 'sig',
    });
  });

  it('come from the mounted Secret files when both are given', () => {
    const dir = tempDir();
    const pair = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
      publicKeyEncoding: { type: 'spki', format: 'pem' },
    });
    fs.writeFileSync(path.join(dir, 'tls.key'), pair.privateKey);
    fs.writeFileSync(path.join(dir, 'tls.pub'), pair.publicKey);
    const keys = loadSigningKeys({
      JWT_KEYS_DIR: path.join(dir, 'unused'),
      JWT_PRIVATE_KEY_FILE: path.join(dir, 'tls.key'),
      JWT_PUBLIC_KEY_FILE: path.join(dir, 'tls.pub'),
    });
    expect(keys.publicKey).toBe(pair.publicKey);
    expect(fs.existsSync(path.join(dir, 'unused'))).toBe(false);
  });

  it('refuse a public key that does not belong to the private key', () => {
    const dir = tempDir();
    const keyPair = () =>
      generateKeyPairSync('rsa', {
        modulusLength: 2048,
        privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
        publicKeyEncoding: { type: 'spki', format: 'pem' },
      });
    fs.writeFileSync(path.join(dir, 'a.key'), keyPair().privateKey);
    fs.writeFileSync(path.join(dir, 'b.pub'), keyPair().publicKey);
    expect(() =>
      loadSigningKeys({
        JWT_KEYS_DIR: dir,
        JWT_PRIVATE_KEY_FILE: path.join(dir, 'a.key'),
        JWT_PUBLIC_KEY_FILE: path.join(dir, 'b.pub'),
      }),
    ).toThrow('The JWT public key does not match the private key');
  });
});
