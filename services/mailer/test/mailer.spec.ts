import { createHash } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import {
  MAIL_DELIVERY,
  MAIL_JOBS,
  MAIL_QUEUE,
  passwordResetJobId,
  passwordResetSecretKey,
} from '@mcat/contracts';
import { bootstrapService, parseConfig } from '@mcat/service-kit';
import { TEST_INTERNAL_API_TOKEN } from '@mcat/service-kit/testing';
import { Queue } from 'bullmq';
import Redis from 'ioredis';
import { freePort, privateRedis, type PrivateServer } from '@mcat/test-support/private-infra';
import { AppModule } from '../src/app.module';
import { mailerEnvSchema } from '../src/config';
import { SmtpTestServer, type CaughtMail } from '@mcat/test-support/smtp-test-server';

const RETRY_DELAY_MS = 300;

let redis: PrivateServer;
let smtp: SmtpTestServer;
let app: INestApplication;
let baseUrl: string;
let connection: Redis;
let queue: Queue;

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** As auth queues every mail: the shared delivery policy, removed once sent, failures kept. */
const DELIVERY = {
  attempts: MAIL_DELIVERY.attempts,
  backoff: { type: MAIL_DELIVERY.backoffType },
  removeOnComplete: true,
  removeOnFail: false,
};

/** Queues a reset mail as auth does (token under its key, job naming it); answers their ids. */
const sendReset = async (to: string, token: string) => {
  const resetId = sha256(token);
  const key = passwordResetSecretKey(resetId);
  const jobId = passwordResetJobId(resetId);
  await connection.set(key, token, 'PX', 60 * 60_000);
  const data = { to, name: 'Ada <Lovelace>', resetId, expiresAt: '2030-01-02T03:04:05.000Z' };
  await queue.add(MAIL_JOBS.passwordReset, data, { ...DELIVERY, jobId });
  return { jobId, key };
};

const metric = async (name: string): Promise<number> => {
  const text = await (
    await fetch(`${baseUrl}/metrics`, {
      headers: { authorization: `Bearer ${TEST_INTERNAL_API_TOKEN}` },
    })
  ).text();
  return text
    .split('\n')
    .filter((line) => line.startsWith(name))
    .reduce((sum, line) => sum + Number(line.split(' ').pop()), 0);
};

const waitUntil = async (check: () => Promise<boolean>, timeoutMs = 15_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('Timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
};

/**
 * The worker counts an outcome in its 'completed' or 'failed' event, after SMTP has the mail or
 * Redis the job's state: waits for the counter to reach `value`, then answers its exact value.
 */
const metricOnceAt = async (name: string, value: number): Promise<number> => {
  await waitUntil(async () => (await metric(name)) >= value).catch(() => undefined);
  return metric(name);
};

const jobGone = async (jobId: string) => (await queue.getJob(jobId)) === undefined;

/** Expects each of `texts` in both the plain text and the HTML of the mail, and none of `absent`. */
const expectInTextAndHtml = (mail: CaughtMail, texts: string[], absent: string[] = []) => {
  for (const body of [mail.text, mail.html]) {
    for (const text of texts) expect(body).toContain(text);
    for (const text of absent) expect(body).not.toContain(text);
  }
};

beforeAll(async () => {
  redis = await privateRedis();
  smtp = await SmtpTestServer.start();
  const port = await freePort();
  const config = parseConfig(mailerEnvSchema, {
    NODE_ENV: 'test',
    PORT: String(port),
    LOG_LEVEL: 'silent',
    REDIS_URL: redis.url,
    SMTP_URL: smtp.url,
    BRAND_NAME: 'Test Logbook',
    SUPPORT_EMAIL: 'help@logbook.example',
    PUBLIC_URL: 'https://logbook.example',
    MAIL_RETRY_DELAY_MS: String(RETRY_DELAY_MS),
    INTERNAL_API_TOKEN: TEST_INTERNAL_API_TOKEN,
  });
  app = await bootstrapService({ module: AppModule.register(config), config });
  baseUrl = `http://127.0.0.1:${port}`;
  connection = new Redis(redis.url, { maxRetriesPerRequest: null });
  queue = new Queue(MAIL_QUEUE, { connection });
});

afterAll(async () => {
  await queue?.close();
  await connection?.quit();
  await app?.close();
  await smtp?.stop();
  await redis?.dispose();
});

describe('reset mail', () => {
  it('builds the link from the token under its key, with the brand, expiry and a line for who did not ask', async () => {
    const token = 'A'.repeat(43);
    const { jobId, key } = await sendReset('ada@example.com', token);
    const mail = await smtp.waitForMail('ada@example.com');

    expect(mail.subject).toBe('Reset your Test Logbook password');
    expect(mail.from).toBe('no-reply@logbook.example');
    const link = `https://logbook.example/reset-password/${token}`;
    expectInTextAndHtml(mail, [
      link,
      'Test Logbook',
      '1 hour, until Wed, 02 Jan 2030 03:04 UTC',
      'If you did not ask to reset your password, you can ignore this e-mail',
      'help@logbook.example',
    ]);
    expect(mail.text).toContain('Hello Ada <Lovelace>,');
    expect(mail.html).toContain('Hello Ada &lt;Lovelace&gt;,');
    expect(mail.html).not.toContain('<Lovelace>');
    await waitUntil(async () => (await metric('mail_sent_total')) >= 1);

    // Sent: neither the token's key nor the job is left.
    await waitUntil(() => jobGone(jobId));
    expect(await connection.exists(key)).toBe(0);
  });

  it('queuing the same token twice sends one mail', async () => {
    await sendReset('twice@example.com', 'B'.repeat(43));
    await sendReset('twice@example.com', 'B'.repeat(43));
    await smtp.waitForMail('twice@example.com');
    await new Promise((r) => setTimeout(r, 1000));
    expect(smtp.to('twice@example.com')).toHaveLength(1);
  });

  it('sends nothing when the token is gone (expired, or sent before), and drops the job', async () => {
    const sentBefore = await metric('mail_sent_total');
    const { jobId, key } = await sendReset('expired@example.com', 'E'.repeat(43));
    await connection.del(key);
    await waitUntil(() => jobGone(jobId));
    await new Promise((r) => setTimeout(r, 500));
    expect(smtp.to('expired@example.com')).toHaveLength(0);
    expect(await metric('mail_sent_total')).toBe(sentBefore);
  });
});

describe('account notices', () => {
  it('tells the old address that the e-mail address was changed, to what, when, and what to do', async () => {
    await queue.add(
      MAIL_JOBS.emailChanged,
      {
        to: 'old@example.com',
        name: 'Ada <Lovelace>',
        newEmail: 'new@example.com',
        changedAt: '2030-01-02T03:04:05.000Z',
      },
      { ...DELIVERY, jobId: 'email-changed-1' },
    );
    const mail = await smtp.waitForMail('old@example.com');
    expect(mail.to).toEqual(['old@example.com']);
    expect(mail.subject).toBe('Your Test Logbook e-mail address was changed');
    expectInTextAndHtml(
      mail,
      [
        'The e-mail address of your Test Logbook account was changed from old@example.com to new@example.com on Wed, 02 Jan 2030 03:04 UTC.',
        'If you did not make this change',
        'write to help@logbook.example right away',
        'https://logbook.example/profile',
      ],
      ['/reset-password/'],
    );
    expect(mail.text).toContain('Hello Ada <Lovelace>,');
    expect(mail.html).toContain('Hello Ada &lt;Lovelace&gt;,');
    expect(mail.html).toContain('<a href="https://logbook.example/profile">');
    expect(smtp.to('new@example.com')).toHaveLength(0);
    await waitUntil(() => jobGone('email-changed-1'));
  });

  it('tells the account that its password was changed, when, and what to do', async () => {
    await queue.add(
      MAIL_JOBS.passwordChanged,
      { to: 'pw@example.com', name: 'Grace', changedAt: '2030-01-02T03:04:05.000Z' },
      { ...DELIVERY, jobId: 'password-changed-1' },
    );
    const mail = await smtp.waitForMail('pw@example.com');
    expect(mail.subject).toBe('Your Test Logbook password was changed');
    expectInTextAndHtml(
      mail,
      [
        'The password of your Test Logbook account (pw@example.com) was changed on Wed, 02 Jan 2030 03:04 UTC.',
        'If you did not make this change, reset your password right away at',
        'and write to help@logbook.example.',
      ],
      ['/reset-password/'],
    );
    expect(mail.text).toContain(
      'If you did not make this change, reset your password right away at https://logbook.example/forgot-password and write to help@logbook.example.',
    );
    expect(mail.html).toContain(
      'right away at <a href="https://logbook.example/forgot-password">https://logbook.example/forgot-password</a> and',
    );
    expect(await metricOnceAt('mail_sent_total{job="password-changed"}', 1)).toBe(1);
  });

  it('a job with missing fields fails at once, without retries', async () => {
    const job = await queue.add(
      MAIL_JOBS.passwordChanged,
      { to: 'broken@example.com' },
      { ...DELIVERY, jobId: 'password-changed-broken' },
    );
    await waitUntil(async () => (await job.getState()) === 'failed');
    expect((await queue.getJob(job.id ?? ''))?.attemptsMade).toBe(1);
    expect(smtp.to('broken@example.com')).toHaveLength(0);
  });
});

describe('review reminder', () => {
  const token = `665f1c2e9b1e8a3d4c5b6a79.${'A'.repeat(43)}`;
  const unsubscribe = `https://logbook.example/api/auth/review-reminders/unsubscribe/${token}`;

  it('says how many questions are due, links to the re-review, and offers the one-click unsubscribe of RFC 8058', async () => {
    await queue.add(
      MAIL_JOBS.reviewReminder,
      {
        to: 'remind@example.com',
        name: 'Ada <Lovelace>',
        due: 3,
        localDate: '2030-01-02',
        hour: 7,
        timeZone: 'Europe/Paris',
        unsubscribeToken: token,
      },
      { ...DELIVERY, jobId: 'review-reminder-1' },
    );
    const mail = await smtp.waitForMail('remind@example.com');
    expect(mail.subject).toBe('3 questions are due for re-review on Test Logbook');
    const headers = mail.raw.split(/\r?\n\r?\n/, 1)[0]?.replace(/\r?\n[ \t]+/g, ' ') ?? '';
    expect(headers).toMatch(
      new RegExp(`^List-Unsubscribe: <${unsubscribe.replaceAll('.', '\\.')}>$`, 'm'),
    );
    expect(headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    expectInTextAndHtml(mail, [
      '3 missed questions are due for re-review today.',
      'https://logbook.example/re-review',
      'daily at 07:00, Europe/Paris',
      unsubscribe,
    ]);
    expect(mail.html).toContain(`<a href="${unsubscribe}">Turn off these reminders</a>`);
    expect(mail.text).toContain('Hello Ada <Lovelace>,');
    await waitUntil(() => jobGone('review-reminder-1'));
  });

  it('fails a reminder without a well-formed unsubscribe token at once, sending nothing', async () => {
    const jobId = 'review-reminder-unsigned';
    await queue.add(
      MAIL_JOBS.reviewReminder,
      {
        to: 'unsigned@example.com',
        name: 'Ada',
        due: 1,
        localDate: '2030-01-02',
        hour: 7,
        timeZone: 'UTC',
        unsubscribeToken: 'not-a-token',
      },
      { ...DELIVERY, jobId },
    );
    await waitUntil(async () => (await queue.getJob(jobId))?.failedReason !== undefined);
    expect((await queue.getJob(jobId))?.attemptsMade).toBe(1);
    expect(smtp.to('unsigned@example.com')).toHaveLength(0);
  });
});

describe('mailer', () => {
  it('reports ready while Redis and SMTP answer, and not ready within seconds of SMTP going down', async () => {
    const up = await fetch(`${baseUrl}/readyz`);
    expect(up.status).toBe(200);
    expect(await up.json()).toEqual({
      status: 'up',
      dependencies: { redis: 'up', smtp: 'up' },
    });

    await smtp.stop();
    try {
      // Checks are shared (HealthRegistry): the state shows within a second plus one check.
      let down: { status: number; body: unknown } | undefined;
      await waitUntil(async () => {
        const answer = await fetch(`${baseUrl}/readyz`);
        down = { status: answer.status, body: await answer.json() };
        return down.status !== 200;
      }, 5000);
      expect(down).toEqual({
        status: 503,
        body: {
          status: 'down',
          dependencies: { redis: 'up', smtp: 'down' },
        },
      });
    } finally {
      await smtp.start();
    }
  });

  it('a mail due while SMTP is down is delivered once SMTP is back, exactly once', async () => {
    const failedBefore = await metric('mail_failed_total');
    await smtp.stop();
    const { jobId, key } = await sendReset('outage@example.com', 'C'.repeat(43));
    await waitUntil(async () => (await queue.getJob(jobId))!.attemptsMade >= 2);
    expect(await metricOnceAt('mail_failed_total', failedBefore + 2)).toBeGreaterThanOrEqual(
      failedBefore + 2,
    );
    expect(smtp.to('outage@example.com')).toHaveLength(0);
    // The retries still find the token.
    expect(await connection.get(key)).toBe('C'.repeat(43));

    await smtp.start();
    const mail = await smtp.waitForMail('outage@example.com', 20_000);
    expect(mail.text).toContain(`https://logbook.example/reset-password/${'C'.repeat(43)}`);
    await waitUntil(() => jobGone(jobId));
    await new Promise((r) => setTimeout(r, RETRY_DELAY_MS * 8));
    expect(smtp.to('outage@example.com')).toHaveLength(1);
    expect(await connection.exists(key)).toBe(0);
  });

  it('a mail that never gets through ends in the failed set after every attempt, kept without its token', async () => {
    await smtp.stop();
    try {
      const token = 'D'.repeat(43);
      const { jobId, key } = await sendReset('never@example.com', token);
      // 6 attempts with 0.3 s, 0.6 s, 1.2 s, 2.4 s and 4.8 s between them.
      await waitUntil(async () => (await queue.getJob(jobId))?.finishedOn !== undefined, 25_000);
      const failed = await queue.getJob(jobId);
      expect(await failed?.getState()).toBe('failed');
      expect(failed?.attemptsMade).toBe(MAIL_DELIVERY.attempts);
      expect(await metricOnceAt('mail_failed_total{job="password-reset",final="true"}', 1)).toBe(1);
      expect(JSON.stringify(failed)).not.toContain(token);
      await waitUntil(async () => (await connection.exists(key)) === 0);
    } finally {
      await smtp.start();
    }
  }, 40_000);
});
