import { createHash } from 'node:crypto';
import {
  AUTH_MESSAGES,
  ERRORS,
  MAIL_DELIVERY,
  MAIL_JOBS,
  MAIL_QUEUE,
  passwordResetJobId,
  passwordResetSecretKey,
  PASSWORD_RESET_TTL_MINUTES,
  type AuthResponse,
} from '@mcat/contracts';
import { getConnectionToken } from '@nestjs/mongoose';
import { Queue } from 'bullmq';
import Redis from 'ioredis';
import { Types, type Connection } from 'mongoose';
import {
  internalFieldsIn,
  PUBLIC_URL,
  startAuth,
  uniqueEmail,
  type RunningAuth,
} from './support/auth-app';
// The mail leg of the flow is the mailer service itself, run in this process.
import { startMailerLeg, type MailerLeg } from './support/mailer-leg';

let auth: RunningAuth;
let smtp: MailerLeg['smtp'];
let mail: MailerLeg;
const answers: unknown[] = [];

const call: RunningAuth['call'] = async (method, url, options) => {
  const result = await auth.call(method, url, options);
  answers.push(result.body);
  return result as never;
};

const LINK = new RegExp(`${PUBLIC_URL}/reset-password/([A-Za-z0-9_-]{43})`);

const register = async () => {
  const body = { name: 'Grace', email: uniqueEmail('reset'), password: 'oldsecret' };
  const { body: answer } = await call<AuthResponse>('POST', '/api/auth/register', { body });
  return { ...body, id: answer.user._id, token: answer.token };
};

/** Asks for a link and reads the token out of the mail that arrives at the SMTP server. */
const requestLink = async (email: string): Promise<string> => {
  const before = smtp.to(email).length;
  const answer = await call('POST', '/api/auth/forgot-password', { body: { email } });
  expect(answer).toMatchObject({ status: 200, body: { message: AUTH_MESSAGES.resetRequested } });
  const deadline = Date.now() + 15_000;
  while (smtp.to(email).length === before) {
    if (Date.now() > deadline) throw new Error(`No reset mail for ${email}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  const mail = smtp.to(email)[before]!;
  const token = LINK.exec(mail.text)?.[1];
  expect(token).toBeDefined();
  expect(mail.html).toContain(`${PUBLIC_URL}/reset-password/${token}`);
  return token!;
};

const invalid = {
  status: 400,
  body: { statusCode: 400, code: 'VALIDATION', message: ERRORS.invalidResetToken },
};

beforeAll(async () => {
  auth = await startAuth();
  mail = await startMailerLeg(auth.config.REDIS_URL);
  smtp = mail.smtp;
});
afterAll(async () => {
  await mail?.close();
  await auth?.close();
});

describe('password reset', () => {
  it('the whole flow: the mailed link validates, resets once, and only the new password logs in', async () => {
    const user = await register();
    const token = await requestLink(user.email);

    expect(await call('GET', `/api/auth/reset-password/${token}`)).toMatchObject({
      status: 200,
      body: { message: AUTH_MESSAGES.resetTokenValid },
    });
    expect(
      await call('POST', `/api/auth/reset-password/${token}`, { body: { password: 'newsecret' } }),
    ).toMatchObject({ status: 200, body: { message: AUTH_MESSAGES.passwordReset } });

    const login = (password: string) =>
      call<AuthResponse>('POST', '/api/auth/login', { body: { email: user.email, password } });
    expect((await login('newsecret')).status).toBe(200);
    expect((await login('oldsecret')).status).toBe(401);

    // A token issued before the reset no longer opens anything.
    expect((await call('GET', '/api/auth/me', { token: user.token })).status).toBe(401);

    // The link is single use.
    expect(await call('GET', `/api/auth/reset-password/${token}`)).toMatchObject(invalid);
    expect(
      await call('POST', `/api/auth/reset-password/${token}`, { body: { password: 'third-one' } }),
    ).toMatchObject(invalid);
    expect((await login('newsecret')).status).toBe(200);
  });

  it('only the hash of the token is stored', async () => {
    const user = await register();
    const token = await requestLink(user.email);
    const hash = createHash('sha256').update(token).digest('hex');
    const db = auth.app.get<Connection>(getConnectionToken());
    const stored = await db
      .collection('password_reset_tokens')
      .findOne({ userId: new Types.ObjectId(user.id) });
    expect(stored).toMatchObject({ tokenHash: hash });
    expect(JSON.stringify(stored)).not.toContain(token);
  });

  it('the queued job holds no link nor token; the token waits under its own key until the mail is sent', async () => {
    const user = await register();
    const connection = new Redis(auth.config.REDIS_URL);
    const queue = new Queue(MAIL_QUEUE, { connection });
    try {
      await queue.pause();
      const answer = await call('POST', '/api/auth/forgot-password', {
        body: { email: user.email },
      });
      expect(answer.status).toBe(200);
      const [job] = await queue.getJobs(['waiting']);
      expect(job?.name).toBe(MAIL_JOBS.passwordReset);
      const resetId = job!.data.resetId as string;
      expect(job?.id).toBe(passwordResetJobId(resetId));
      expect(job?.data).toEqual({
        to: user.email,
        name: 'Grace',
        resetId: expect.stringMatching(/^[0-9a-f]{64}$/),
        expiresAt: expect.any(String),
        // The request's trace, so the mailer's log lines for this mail carry its trace id.
        trace: {
          traceparent: expect.stringMatching(/^00-[0-9a-f]{32}-[0-9a-f]{16}-[0-9a-f]{2}$/),
          requestId: expect.any(String),
        },
      });
      expect(job?.opts).toMatchObject({ removeOnComplete: true, attempts: MAIL_DELIVERY.attempts });
      const key = passwordResetSecretKey(resetId);
      const token = await connection.get(key);
      expect(token).toMatch(/^[\w-]{43}$/);
      expect(createHash('sha256').update(token!).digest('hex')).toBe(resetId);
      const ttl = await connection.pttl(key);
      expect(ttl).toBeGreaterThan((PASSWORD_RESET_TTL_MINUTES - 1) * 60_000);
      expect(ttl).toBeLessThanOrEqual(PASSWORD_RESET_TTL_MINUTES * 60_000);
      expect(JSON.stringify(job)).not.toContain(token);

      await queue.resume();
      const mail = await smtp.waitForMail(user.email);
      expect(mail.text).toContain(`${PUBLIC_URL}/reset-password/${token}`);
      const deadline = Date.now() + 5000;
      while ((await queue.getJob(job!.id!)) && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(await queue.getJob(job!.id!)).toBeUndefined();
      expect(await connection.exists(key)).toBe(0);
    } finally {
      await queue.resume();
      await queue.close();
      await connection.quit();
    }
  });

  it('a link older than an hour is refused', async () => {
    const user = await register();
    const token = await requestLink(user.email);
    auth.clock.advance((PASSWORD_RESET_TTL_MINUTES - 1) * 60_000);
    expect((await call('GET', `/api/auth/reset-password/${token}`)).status).toBe(200);
    auth.clock.advance(2 * 60_000);
    expect(await call('GET', `/api/auth/reset-password/${token}`)).toMatchObject(invalid);
    expect(
      await call('POST', `/api/auth/reset-password/${token}`, { body: { password: 'newsecret' } }),
    ).toMatchObject(invalid);
  });

  it('a newer link voids the older one', async () => {
    const user = await register();
    const first = await requestLink(user.email);
    const second = await requestLink(user.email);
    expect(first).not.toBe(second);
    expect(await call('GET', `/api/auth/reset-password/${first}`)).toMatchObject(invalid);
    expect(
      await call('POST', `/api/auth/reset-password/${first}`, { body: { password: 'newsecret' } }),
    ).toMatchObject(invalid);
    expect((await call('GET', `/api/auth/reset-password/${second}`)).status).toBe(200);
  });

  it('made-up and malformed tokens are refused with the same message', async () => {
    for (const token of ['A'.repeat(43), 'short', 'x'.repeat(90)]) {
      expect(await call('GET', `/api/auth/reset-password/${token}`)).toMatchObject(invalid);
    }
  });

  it('forgot-password answers an unknown address exactly as a known one, in about the same time', async () => {
    const user = await register();
    const timed = async (email: string) => {
      const started = performance.now();
      const answer = await call('POST', '/api/auth/forgot-password', {
        body: { email },
        ip: '10.1.1.1',
      });
      return { answer, ms: performance.now() - started };
    };
    const known = await timed(user.email);
    const unknown = await timed(uniqueEmail('nobody'));
    expect(unknown.answer.status).toBe(known.answer.status);
    expect(unknown.answer.body).toEqual(known.answer.body);
    expect(Math.abs(known.ms - unknown.ms)).toBeLessThan(60);
    await smtp.waitForMail(user.email);
  });

  it('no answer of this file carried an internal field', () => {
    expect(answers.flatMap(internalFieldsIn)).toEqual([]);
  });
});
