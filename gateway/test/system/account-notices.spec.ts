/**
 * Mail about account changes, through the gateway, read from the stack's SMTP catcher: a notice to
 * the old address when the e-mail address changes, to the account's address when the password is
 * changed or reset; and the reset link never stored in the mail queue (read from the stack's Redis).
 */
import { createHash } from 'node:crypto';
import { AUTH_MESSAGES, MAIL_QUEUE, type PublicConfig, type User } from '@mcat/contracts';
import Redis from 'ioredis';
import { infraUrls } from '@mcat/test-support/stack';
import { newAccount, register } from '@mcat/test-support/system/accounts';
import { GatewayClient } from '@mcat/test-support/system/gateway-client';
import { mailsTo, waitForMail, waitForResetLink } from '@mcat/test-support/system/mailbox';
import { systemEnv } from '@mcat/test-support/system/system-env';

const gateway = new GatewayClient();
let config: PublicConfig;
let redis: Redis;

const emailChanged = () => `Your ${config.brandName} e-mail address was changed`;
const passwordChanged = () => `Your ${config.brandName} password was changed`;
const WHEN = /\w{3}, \d\d \w{3} \d{4} \d\d:\d\d UTC/;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Every key of the mail queue in Redis with its value, whatever its type, as one text. */
async function queueContents(): Promise<string> {
  const keys: string[] = [];
  let cursor = '0';
  do {
    const [next, found] = await redis.scan(cursor, 'MATCH', `bull:${MAIL_QUEUE}:*`, 'COUNT', 500);
    cursor = next;
    keys.push(...found);
  } while (cursor !== '0');
  const values = await Promise.all(
    keys.map(async (key) => {
      const type = await redis.type(key);
      const value =
        type === 'string'
          ? await redis.get(key)
          : type === 'hash'
            ? await redis.hgetall(key)
            : type === 'list'
              ? await redis.lrange(key, 0, -1)
              : type === 'set'
                ? await redis.smembers(key)
                : type === 'zset'
                  ? await redis.zrange(key, 0, -1)
                  : type === 'stream'
                    ? await redis.xrange(key, '-', '+')
                    : null;
      return `${key} ${JSON.stringify(value)}`;
    }),
  );
  return values.join('\n');
}

beforeAll(async () => {
  config = (await gateway.get<PublicConfig>('/api/config')).body;
  redis = new Redis(infraUrls(systemEnv.profile).REDIS_URL);
});
afterAll(async () => {
  await redis.quit();
});

describe('notice of an e-mail address change', () => {
  it('goes to the old address, names the new one, when, and what to do if it was not them', async () => {
    const signedIn = await register(gateway);
    const newEmail = newAccount().email;
    const changed = await gateway.put<User>(
      '/api/auth/me',
      { name: signedIn.name, email: newEmail },
      signedIn.token,
    );
    expect(changed.status).toBe(200);
    expect(changed.body.email).toBe(newEmail);

    const notice = await waitForMail(signedIn.email, emailChanged());
    expect(notice.content).toContain(`from ${signedIn.email} to ${newEmail}`);
    expect(notice.content).toMatch(WHEN);
    expect(notice.content).toContain(config.supportEmail);
    expect(notice.content).toContain(`${config.publicUrl}/profile`);
    expect(notice.content).not.toContain('/reset-password/');
    expect(mailsTo(newEmail)).toEqual([]);
  });

  it('is not sent when only the name or date changes', async () => {
    const signedIn = await register(gateway);
    const changed = await gateway.put<User>(
      '/api/auth/me',
      { name: 'Renamed Student', email: signedIn.email, plannedTestingDate: '2027-01-15' },
      signedIn.token,
    );
    expect(changed.status).toBe(200);
    await sleep(2000);
    expect(mailsTo(signedIn.email)).toEqual([]);
  });
});

describe('notice of a password change', () => {
  it('goes to the account address when the password is changed on the profile', async () => {
    const signedIn = await register(gateway);
    const changed = await gateway.put(
      '/api/auth/password',
      { currentPassword: signedIn.password, newPassword: 'changed-password-2' },
      signedIn.token,
    );
    expect(changed).toMatchObject({
      status: 200,
      body: { message: AUTH_MESSAGES.passwordChanged },
    });

    const notice = await waitForMail(signedIn.email, passwordChanged());
    expect(notice.content).toMatch(WHEN);
    expect(notice.content).toContain(config.supportEmail);
    expect(notice.content).toContain(`${config.publicUrl}/forgot-password`);
    expect(notice.content).not.toContain('/reset-password/');
  });

  it('goes to the account address when the password is reset through the mailed link', async () => {
    const signedIn = await register(gateway);
    await gateway.post('/api/auth/forgot-password', { email: signedIn.email });
    const link = await waitForResetLink(signedIn.email);
    const token = new URL(link).pathname.split('/').pop() as string;
    const reset = await gateway.post(`/api/auth/reset-password/${token}`, {
      password: 'reset-password-2',
    });
    expect(reset).toMatchObject({ status: 200, body: { message: AUTH_MESSAGES.passwordReset } });

    const notice = await waitForMail(signedIn.email, passwordChanged());
    expect(notice.content).toMatch(WHEN);
    expect(notice.content).toContain(config.supportEmail);
    expect(mailsTo(signedIn.email).map((mail) => mail.subject)).toEqual([
      `Reset your ${config.brandName} password`,
      passwordChanged(),
    ]);
  });
});

describe('the mail queue in Redis', () => {
  it('never holds the reset link or its token, and forgets the job once the mail is sent', async () => {
    const signedIn = await register(gateway);
    const seen: string[] = [];
    let requested = false;
    // Reads the queue's keys over and over while the job is queued, worked on and finished.
    const watching = (async () => {
      while (!requested || mailsTo(signedIn.email).length === 0) seen.push(await queueContents());
      seen.push(await queueContents());
    })();
    const answer = await gateway.post('/api/auth/forgot-password', { email: signedIn.email });
    requested = true;
    expect(answer.status).toBe(200);
    const link = await waitForResetLink(signedIn.email);
    await watching;
    const token = new URL(link).pathname.split('/').pop() as string;

    const leaks = new Set(
      seen
        .flatMap((contents) => contents.split('\n'))
        .filter((line) => line.includes(token) || line.includes('/reset-password/')),
    );
    expect([...leaks]).toEqual([]);

    // Gone: no job hash, in no list or set of the queue (the event log keeps its history).
    const jobId = `password-reset-${createHash('sha256').update(token).digest('hex')}`;
    const holdingJob = async () =>
      (await queueContents())
        .split('\n')
        .filter((line) => line.includes(jobId) && !line.startsWith(`bull:${MAIL_QUEUE}:events `));
    const deadline = Date.now() + 5000;
    while ((await holdingJob()).length > 0 && Date.now() < deadline) await sleep(100);
    expect(await holdingJob()).toEqual([]);
  });
});
