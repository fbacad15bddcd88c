import { createHmac, createPrivateKey, generateKeyPairSync, sign } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { type AuthResponse } from '@mcat/contracts';
import { SESSION_VERSIONS_SYNCED_KEY, sessionVersionKey } from '@mcat/service-kit';
import Redis from 'ioredis';
import { startAuth, uniqueEmail, type RunningAuth } from './support/auth-app';

let auth: RunningAuth;
let redis: Redis;

const b64 = (value: object | string) =>
  Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');
const decode = (part: string) =>
  JSON.parse(Buffer.from(part, 'base64url').toString()) as Record<string, unknown>;

const register = async () => {
  const body = { name: 'Tok', email: uniqueEmail('tok'), password: 'mcat-secret-1' };
  const { body: answer } = await auth.call<AuthResponse>('POST', '/api/auth/register', { body });
  return { ...body, ...answer };
};

const me = (token: string) => auth.call('GET', '/api/auth/me', { token });
const signedIn = { status: 401, body: { statusCode: 401 } };

beforeAll(async () => {
  auth = await startAuth();
  redis = new Redis(auth.config.REDIS_URL);
});
afterAll(async () => {
  await redis?.quit();
  await auth?.close();
});

describe('tokens and sessions', () => {
  it('publishes its public key as a JWKS, without private parts', async () => {
    const { status, body, headers } = await auth.call<{ keys: Record<string, string>[] }>(
      'GET',
      '/.well-known/jwks.json',
    );
    expect(status).toBe(200);
    expect(headers.get('cache-control')).toBe('public, max-age=300');
    expect(body.keys).toHaveLength(1);
    expect(Object.keys(body.keys[0]!).sort()).toEqual(['alg', 'e', 'kid', 'kty', 'n', 'use']);
    expect(body.keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
  });

  it('signs RS256 tokens with its key id and the claims {sub, roles, sv}, valid 7 days', async () => {
    const user = await register();
    const [header, payload] = user.token.split('.') as [string, string];
    const { body: jwks } = await auth.call<{ keys: { kid: string }[] }>(
      'GET',
      '/.well-known/jwks.json',
    );
    expect(decode(header)).toEqual({ alg: 'RS256', typ: 'JWT', kid: jwks.keys[0]!.kid });
    const claims = decode(payload);
    expect(claims).toEqual({
      sub: user.user._id,
      roles: ['student'],
      sv: 0,
      iat: expect.any(Number),
      exp: expect.any(Number),
    });
    expect(Number(claims.exp) - Number(claims.iat)).toBe(7 * 24 * 3600);
  });

  it('keeps the generated key files readable by their owner only', () => {
    const dir = path.join(auth.keysDir, 'keys');
    for (const file of fs.readdirSync(dir)) {
      expect(fs.statSync(path.join(dir, file)).mode & 0o777).toBe(0o600);
    }
  });

  it('refuses tampered, expired, alg none, HS256-with-the-public-key and foreign-key tokens', async () => {
    const user = await register();
    expect((await me(user.token)).status).toBe(200);
    const [header, payload, signature] = user.token.split('.') as [string, string, string];
    const claims = decode(payload);
    const now = Math.floor(Date.now() / 1000);
    const privatePem = fs.readFileSync(path.join(auth.keysDir, 'keys', 'jwt-private.pem'), 'utf8');
    const publicPem = fs.readFileSync(path.join(auth.keysDir, 'keys', 'jwt-public.pem'), 'utf8');
    const rs256 = (
      key: string | ReturnType<typeof createPrivateKey>,
      body: object,
      head = decode(header),
    ) => {
      const unsigned = `${b64(head)}.${b64(body)}`;
      return `${unsigned}.${sign('sha256', Buffer.from(unsigned), key).toString('base64url')}`;
    };

    const tampered = `${header}.${b64({ ...claims, roles: ['student', 'billing'] })}.${signature}`;
    const expired = rs256(privatePem, { ...claims, iat: now - 7200, exp: now - 60 });
    const none = `${b64({ alg: 'none', typ: 'JWT', kid: decode(header).kid })}.${payload}.`;
    const hsHeader = b64({ alg: 'HS256', typ: 'JWT', kid: decode(header).kid });
    const hs256 = `${hsHeader}.${payload}.${createHmac('sha256', publicPem).update(`${hsHeader}.${payload}`).digest('base64url')}`;
    const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    const foreign = rs256(stranger, claims);
    const valid = rs256(privatePem, claims);

    expect((await me(valid)).status).toBe(200);
    for (const token of [
      tampered,
      expired,
      none,
      hs256,
      foreign,
      'not.a.token',
      `${user.token}x`,
    ]) {
      expect(await me(token)).toMatchObject(signedIn);
    }
  });

  it('a password change writes the new session version to Redis, and it survives Redis losing its data', async () => {
    const user = await register();
    await auth.call('PUT', '/api/auth/password', {
      token: user.token,
      body: { currentPassword: user.password, newPassword: 'newsecret' },
    });
    expect(await redis.get(sessionVersionKey(user.user._id))).toBe('1');
    expect((await me(user.token)).status).toBe(401);

    await redis.flushall();
    // The watcher finds the marker gone and writes every version again (it checks every 200 ms here).
    const deadline = Date.now() + 5000;
    while ((await redis.exists(SESSION_VERSIONS_SYNCED_KEY)) === 0) {
      if (Date.now() > deadline) throw new Error('Session versions were not re-synced');
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(await redis.get(sessionVersionKey(user.user._id))).toBe('1');
    expect((await me(user.token)).status).toBe(401);
    const fresh = await auth.call<AuthResponse>('POST', '/api/auth/login', {
      body: { email: user.email, password: 'newsecret' },
    });
    expect((await me(fresh.body.token)).status).toBe(200);
  });
});
