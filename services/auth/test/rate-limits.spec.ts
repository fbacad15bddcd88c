import { tooManyAttempts, type AuthResponse } from '@mcat/contracts';
import Redis from 'ioredis';
import {
  RATE_LIMIT_POLICY,
  SIGN_IN_BACKOFF,
  type RateLimitName,
  type RateLimitPolicy,
} from '../src/rate-limit/rate-limit.policy';
import { startAuth, uniqueEmail, type RunningAuth } from './support/auth-app';

let auth: RunningAuth;

/** The numbers of attempts; a minute's windows, ended by `endWindow`. */
const policy: RateLimitPolicy = {
  loginPerEmailAndIp: { points: 10, windowSeconds: 60 },
  loginPerIp: { points: 100, windowSeconds: 60, perAddress: true },
  registerPerIp: { points: 20, windowSeconds: 60, perAddress: true },
  forgotPasswordPerEmail: { points: 5, windowSeconds: 60 },
  forgotPasswordPerIp: { points: 20, windowSeconds: 60, perAddress: true },
};

/** An address the per-address limits do not count (RATE_LIMIT_EXEMPT_IPS). */
const EXEMPT_ADDRESS = '10.9.9.9';

const expectTooMany = (
  answer: { status: number; headers: Headers; body: unknown },
  minutes = 1,
) => {
  expect(answer.status).toBe(429);
  expect(answer.body).toEqual({
    statusCode: 429,
    code: 'RATE_LIMITED',
    message: `Too many attempts. Please try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
  });
  expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Brings a window to its end, as the time passing would. A window is the lifetime of the counter
 * the limiter keeps in Redis (`rate-limit:<rule>:<counted>`, counted being the address, the e-mail,
 * or `<e-mail>|<address>` for logins); a burst of hashed logins on a loaded machine can outlast a
 * window short enough to sleep through, so the test moves that counter's expiry to now instead,
 * after checking that it does expire within the rule's window.
 */
async function endWindow(rule: RateLimitName, counted: string): Promise<void> {
  const redis = new Redis(auth.redis.url);
  const key = `rate-limit:${rule}:${counted}`;
  try {
    const remainingMs = await redis.pttl(key);
    expect(remainingMs).toBeGreaterThan(0);
    expect(remainingMs).toBeLessThanOrEqual(policy[rule].windowSeconds * 1000);
    await redis.pexpire(key, 1);
    while ((await redis.exists(key)) === 1) await sleep(5);
  } finally {
    await redis.quit();
  }
}

/** Ends the per-account sign-in wait (`rate-limit:loginPerAccount:<e-mail>`), at most a minute. */
async function endAccountWait(email: string): Promise<void> {
  const redis = new Redis(auth.redis.url);
  const key = `rate-limit:loginPerAccount:${email}`;
  try {
    const remainingMs = await redis.pttl(key);
    expect(remainingMs).toBeGreaterThan(0);
    expect(remainingMs).toBeLessThanOrEqual(SIGN_IN_BACKOFF.firstWaitSeconds * 1000);
    await redis.del(key);
  } finally {
    await redis.quit();
  }
}

beforeAll(async () => {
  auth = await startAuth({ rateLimits: policy }, { RATE_LIMIT_EXEMPT_IPS: EXEMPT_ADDRESS });
});
afterAll(async () => {
  await auth?.close();
});

describe('rate limits', () => {
  it('the production limits are the issue’s, and their message says when to try again', () => {
    expect(RATE_LIMIT_POLICY).toEqual({
      loginPerEmailAndIp: { points: 10, windowSeconds: 900 },
      loginPerIp: { points: 100, windowSeconds: 900, perAddress: true },
      registerPerIp: { points: 20, windowSeconds: 3600, perAddress: true },
      forgotPasswordPerEmail: { points: 5, windowSeconds: 3600 },
      forgotPasswordPerIp: { points: 20, windowSeconds: 3600, perAddress: true },
    });
    expect(SIGN_IN_BACKOFF).toEqual({
      failures: 10,
      windowSeconds: 900,
      firstWaitSeconds: 60,
      maxWaitSeconds: 900,
      memorySeconds: 86400,
    });
    expect(tooManyAttempts(900)).toBe('Too many attempts. Please try again in 15 minutes.');
    expect(tooManyAttempts(3599)).toBe('Too many attempts. Please try again in 60 minutes.');
    expect(tooManyAttempts(30)).toBe('Too many attempts. Please try again in 1 minute.');
  });

  it('login: 10 attempts per e-mail and address, then 429 even with the right password, until the window and the account’s wait end', async () => {
    const body = { name: 'Rate', email: uniqueEmail('rate'), password: 'mcat-secret-1' };
    await auth.call('POST', '/api/auth/register', { body, ip: '10.0.0.1' });
    const login = (password: string, ip = '10.0.0.2') =>
      auth.call<AuthResponse>('POST', '/api/auth/login', {
        body: { email: body.email, password },
        ip,
      });

    for (let i = 0; i < 10; i += 1) expect((await login('wrong-one')).status).toBe(401);
    expectTooMany(await login('mcat-secret-1'));
    // The same 10 failures make the account wait (SIGN_IN_BACKOFF), from every address.
    expectTooMany(await login('mcat-secret-1', '10.0.0.3'));

    await endWindow('loginPerEmailAndIp', `${body.email}|10.0.0.2`);
    expectTooMany(await login('mcat-secret-1'));
    await endAccountWait(body.email);
    expect((await login('mcat-secret-1')).status).toBe(200);
  });

  it('a successful login clears its e-mail’s count', async () => {
    const body = { name: 'Rate', email: uniqueEmail('clear'), password: 'mcat-secret-1' };
    await auth.call('POST', '/api/auth/register', { body, ip: '10.0.1.1' });
    const login = (password: string) =>
      auth.call('POST', '/api/auth/login', {
        body: { email: body.email, password },
        ip: '10.0.1.2',
      });
    for (let i = 0; i < 9; i += 1) await login('wrong-one');
    expect((await login('mcat-secret-1')).status).toBe(200);
    for (let i = 0; i < 9; i += 1) expect((await login('wrong-one')).status).toBe(401);
  });

  it('login: 100 attempts per address over any e-mails, then 429 even with the right password, until the window ends', async () => {
    const account = { name: 'Spray', email: uniqueEmail('spray-owner'), password: 'mcat-secret-1' };
    await auth.call('POST', '/api/auth/register', { body: account, ip: '10.0.2.9' });
    const login = (email: string, password: string) =>
      auth.call('POST', '/api/auth/login', { body: { email, password }, ip: '10.0.2.1' });
    const attempts = Array.from({ length: 100 }, () => login(uniqueEmail('spray'), 'whatever'));
    expect((await Promise.all(attempts)).map((a) => a.status)).toEqual(Array(100).fill(401));
    expectTooMany(await login(uniqueEmail('spray'), 'whatever'));
    expectTooMany(await login(account.email, account.password));

    await endWindow('loginPerIp', '10.0.2.1');
    expect((await login(account.email, account.password)).status).toBe(200);
  });

  it('register: 20 per hour per address, then 429 until the window ends', async () => {
    const register = () =>
      auth.call('POST', '/api/auth/register', {
        body: { name: 'Many', email: uniqueEmail('many'), password: 'mcat-secret-1' },
        ip: '10.0.3.1',
      });
    const statuses = (await Promise.all(Array.from({ length: 20 }, register))).map((a) => a.status);
    expect(statuses).toEqual(Array(20).fill(201));
    expectTooMany(await register());

    await endWindow('registerPerIp', '10.0.3.1');
    expect((await register()).status).toBe(201);
  });

  it('forgot-password: 5 per e-mail, then 429 until the window ends', async () => {
    const forgot = (email: string, ip: string) =>
      auth.call('POST', '/api/auth/forgot-password', { body: { email }, ip });
    const email = uniqueEmail('forgot');
    for (let i = 0; i < 5; i += 1) expect((await forgot(email, `10.0.4.${i}`)).status).toBe(200);
    expectTooMany(await forgot(email, '10.0.4.99'));
    await endWindow('forgotPasswordPerEmail', email);
    expect((await forgot(email, '10.0.4.99')).status).toBe(200);
  });

  it('forgot-password: 20 per address over any e-mails, then 429 until the window ends', async () => {
    const forgot = () =>
      auth.call('POST', '/api/auth/forgot-password', {
        body: { email: uniqueEmail('ip') },
        ip: '10.0.5.1',
      });
    expect((await Promise.all(Array.from({ length: 20 }, forgot))).map((a) => a.status)).toEqual(
      Array(20).fill(200),
    );
    expectTooMany(await forgot());

    await endWindow('forgotPasswordPerIp', '10.0.5.1');
    expect((await forgot()).status).toBe(200);
  });

  it('counts the address the gateway appended, not one the caller put before it', async () => {
    const forgot = (forwardedFor: string) =>
      auth.call('POST', '/api/auth/forgot-password', {
        body: { email: uniqueEmail('spoof') },
        ip: forwardedFor,
      });
    await Promise.all(Array.from({ length: 20 }, (_, i) => forgot(`1.2.3.${i}, 10.0.6.1`)));
    expectTooMany(await forgot('9.9.9.9, 10.0.6.1'));
  });

  it('a caller that is not a trusted proxy cannot choose its address with X-Forwarded-For', async () => {
    // This test calls from loopback, which this instance does not trust: a direct caller.
    const direct = await startAuth({ rateLimits: policy }, { TRUSTED_PROXIES: '10.255.255.1' });
    try {
      const forgot = (i: number) =>
        direct.call('POST', '/api/auth/forgot-password', {
          body: { email: uniqueEmail('direct') },
          ip: `198.51.100.${i}`,
        });
      const statuses = (await Promise.all(Array.from({ length: 20 }, (_, i) => forgot(i)))).map(
        (a) => a.status,
      );
      expect(statuses).toEqual(Array(20).fill(200));
      expectTooMany(await forgot(99));
    } finally {
      await direct.close();
    }
  });

  it('an exempt address is not counted per address, but its e-mails still are', async () => {
    const register = () =>
      auth.call('POST', '/api/auth/register', {
        body: { name: 'Office', email: uniqueEmail('office'), password: 'mcat-secret-1' },
        ip: EXEMPT_ADDRESS,
      });
    const statuses = (await Promise.all(Array.from({ length: 25 }, register))).map((a) => a.status);
    expect(statuses).toEqual(Array(25).fill(201));

    const email = uniqueEmail('office-forgot');
    const forgot = () =>
      auth.call('POST', '/api/auth/forgot-password', { body: { email }, ip: EXEMPT_ADDRESS });
    for (let i = 0; i < 5; i += 1) expect((await forgot()).status).toBe(200);
    expectTooMany(await forgot());
  });
});
