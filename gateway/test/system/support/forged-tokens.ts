/**
 * Tokens the gateway must refuse, made from a real token the auth service issued (its header keeps
 * the real key id). The expired one is signed with the stack's own private key, so expiry is the
 * only thing wrong with it; the HS256 one uses the published public key as the HMAC secret.
 */
import { createHmac, createPrivateKey, createPublicKey, sign } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { systemEnv } from '@mcat/test-support/system/system-env';

type Claims = Record<string, unknown>;

const encode = (value: unknown): string => Buffer.from(JSON.stringify(value)).toString('base64url');
const decode = (part: string): Claims =>
  JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Claims;

function parts(token: string): { header: Claims; claims: Claims; signature: string } {
  const [header, claims, signature] = token.split('.');
  if (!header || !claims || signature === undefined) throw new Error('Not a JWT');
  return { header: decode(header), claims: decode(claims), signature };
}

const privateKeyPem = (): string =>
  fs.readFileSync(path.join(systemEnv.keysDir, 'jwt-private.pem'), 'utf8');

const publicKeyPem = (): string =>
  createPublicKey(createPrivateKey(privateKeyPem()))
    .export({ type: 'spki', format: 'pem' })
    .toString();

const nowSeconds = (): number => Math.floor(Date.now() / 1000);

/** The claims with roles raised to billing; the original signature kept. */
export function tamperedToken(token: string): string {
  const { header, claims, signature } = parts(token);
  return `${encode(header)}.${encode({ ...claims, roles: ['student', 'billing'] })}.${signature}`;
}

/** The same claims with another lifetime, signed with the stack's own key. */
export function resignedToken(token: string, lifetime: { iat: number; exp: number }): string {
  const { header, claims } = parts(token);
  const body = `${encode(header)}.${encode({ ...claims, ...lifetime })}`;
  const signature = sign('sha256', Buffer.from(body), privateKeyPem()).toString('base64url');
  return `${body}.${signature}`;
}

/** Correctly signed with the stack's key, but expired a minute ago. */
export const expiredToken = (token: string): string =>
  resignedToken(token, { iat: nowSeconds() - 3600, exp: nowSeconds() - 60 });

/** Correctly signed with the stack's key and valid for another hour: what the gateway accepts. */
export const renewedToken = (token: string): string =>
  resignedToken(token, { iat: nowSeconds(), exp: nowSeconds() + 3600 });

/** Unsigned, `alg: none`. */
export function unsignedToken(token: string): string {
  const { header, claims } = parts(token);
  return `${encode({ ...header, alg: 'none' })}.${encode(claims)}.`;
}

/** HS256 with the public key's PEM as the shared secret (algorithm confusion). */
export function hs256WithPublicKeyToken(token: string): string {
  const { header, claims } = parts(token);
  const body = `${encode({ ...header, alg: 'HS256' })}.${encode(claims)}`;
  const signature = createHmac('sha256', publicKeyPem()).update(body).digest('base64url');
  return `${body}.${signature}`;
}
