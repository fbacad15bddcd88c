import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type JsonWebKey,
} from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Logger } from '@nestjs/common';

export interface SigningKeys {
  /** PEM (PKCS#8) private key; never leaves this process. */
  privateKey: string;
  /** PEM (SPKI) public key. */
  publicKey: string;
  /** Key id: the RFC 7638 thumbprint of the public key, so it changes with the key. */
  kid: string;
  /** The public key as a JWK, as the JWKS publishes it. */
  jwk: JsonWebKey & { kid: string; alg: 'RS256'; use: 'sig' };
}

export interface KeySource {
  JWT_KEYS_DIR: string;
  JWT_PRIVATE_KEY_FILE?: string | undefined;
  JWT_PUBLIC_KEY_FILE?: string | undefined;
}

const PRIVATE_FILE = 'jwt-private.pem';
const PUBLIC_FILE = 'jwt-public.pem';

/**
 * The RS256 key pair that signs tokens. In a cluster it is mounted from a Secret
 * (JWT_PRIVATE_KEY_FILE / JWT_PUBLIC_KEY_FILE); on a single machine it is generated on first start
 * under JWT_KEYS_DIR, readable by its owner only (mode 600), and reused afterwards.
 */
export function loadSigningKeys(source: KeySource): SigningKeys {
  if (source.JWT_PRIVATE_KEY_FILE && source.JWT_PUBLIC_KEY_FILE) {
    return describe(
      fs.readFileSync(source.JWT_PRIVATE_KEY_FILE, 'utf8'),
      fs.readFileSync(source.JWT_PUBLIC_KEY_FILE, 'utf8'),
    );
  }
  const dir = path.resolve(source.JWT_KEYS_DIR);
  const privatePath = path.join(dir, PRIVATE_FILE);
  const publicPath = path.join(dir, PUBLIC_FILE);
  if (!fs.existsSync(privatePath)) generateInto(dir, privatePath, publicPath);
  return describe(fs.readFileSync(privatePath, 'utf8'), fs.readFileSync(publicPath, 'utf8'));
}

function generateInto(dir: string, privatePath: string, publicPath: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const { privateKey, publicKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  // The public half first, so whoever finds the private file finds both; `wx` never overwrites a
  // pair another process has written.
  try {
    fs.writeFileSync(publicPath, publicKey, { mode: 0o600, flag: 'wx' });
    fs.writeFileSync(privatePath, privateKey, { mode: 0o600, flag: 'wx' });
    new Logger('keys').log(`Generated the token signing key pair in ${dir}`);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
}

function describe(privatePem: string, publicPem: string): SigningKeys {
  const privateKey = createPrivateKey(privatePem);
  if (privateKey.asymmetricKeyType !== 'rsa')
    throw new Error('The JWT private key must be an RSA key');
  const derived = createPublicKey(privateKey).export({ type: 'spki', format: 'pem' }).toString();
  const published = createPublicKey(publicPem).export({ type: 'spki', format: 'pem' }).toString();
  if (derived !== published) throw new Error('The JWT public key does not match the private key');
  const { kty, n, e } = createPublicKey(publicPem).export({ format: 'jwk' });
  const kid = createHash('sha256').update(JSON.stringify({ e, kty, n })).digest('base64url');
  return {
    privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicKey: published,
    kid,
    jwk: { kty, n, e, kid, alg: 'RS256', use: 'sig' },
  };
}
