import type { INestApplication } from '@nestjs/common';
import {
  MAIL_DELIVERY,
  MAIL_JOBS,
  MAIL_QUEUE,
  passwordResetJobId,
  type PasswordResetMailJob,
} from '@mcat/contracts';
import { bootstrapService, parseConfig } from '@mcat/service-kit';
import { TEST_INTERNAL_API_TOKEN } from '@mcat/service-kit/testing';
import { Queue } from 'bullmq';
import Redis from 'ioredis';
import {
  freePort,
  privateRedis,
  type PrivateServer,
} from '../../../scripts/test-infra/private-infra';
import { AppModule } from '../src/app.module';
import { mailerEnvSchema } from '../src/config';
import { SmtpTestServer } from './support/smtp-test-server';

const RETRY_DELAY_MS = 300;

let redis: PrivateServer;
let smtp: SmtpTestServer;
let app: INestApplication;
let baseUrl: string;
let connection: Redis;
let queue: Queue<PasswordResetMailJob>;

const resetJob = (to: string, token: string): PasswordResetMailJob => ({
  to,
  name: 'Ada <Lovelace>',
  resetUrl: `https://logbook.example/reset-password/${token}`,
  expiresAt: '2030-01-02T03:04:05.000Z',
});

/** Enqueues as the auth service does: one job per token, the shared delivery policy. */
const enqueue = (mail: PasswordResetMailJob, tokenHash: string) =>
  queue.add(MAIL_JOBS.passwordReset, mail, {
    jobId: passwordResetJobId(tokenHash),
    attempts: MAIL_DELIVERY.attempts,
    backoff: { type: MAIL_DELIVERY.backoffType },
    removeOnFail: false,
  });

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
  queue = new Queue<PasswordResetMailJob>(MAIL_QUEUE, { connection });
});

afterAll(async () => {
  await queue?.close();
  await connection?.quit();
  await app?.close();
  await smtp?.stop();
  await redis?.dispose();
});

describe('mailer', () => {
  it('sends a reset mail with the brand, the link, its expiry and a line for who did not ask', async () => {
    const token = 'A'.repeat(43);
    await enqueue(resetJob('ada@example.com', token), 'a1');
    const mail = await smtp.waitForMail('ada@example.com');

    expect(mail.subject).toBe('Reset your Test Logbook password');
    expect(mail.from).toBe('no-reply@logbook.example');
    const link = `https://logbook.example/reset-password/${token}`;
    for (const body of [mail.text, mail.html]) {
      expect(body).toContain(link);
      expect(body).toContain('Test Logbook');
      expect(body).toContain('1 hour, until Wed, 02 Jan 2030 03:04 UTC');
      expect(body).toContain(
        'If you did not ask to reset your password, you can ignore this e-mail',
      );
      expect(body).toContain('help@logbook.example');
    }
    expect(mail.text).toContain('Hello Ada <Lovelace>,');
    expect(mail.html).toContain('Hello Ada &lt;Lovelace&gt;,');
    expect(mail.html).not.toContain('<Lovelace>');
    await waitUntil(async () => (await metric('mail_sent_total')) >= 1);
  });

  it('enqueuing the same token twice sends one mail', async () => {
    await enqueue(resetJob('twice@example.com', 'B'.repeat(43)), 'b2');
    await enqueue(resetJob('twice@example.com', 'B'.repeat(43)), 'b2');
    await smtp.waitForMail('twice@example.com');
    await new Promise((r) => setTimeout(r, 1000));
    expect(smtp.to('twice@example.com')).toHaveLength(1);
  });

  it('reports ready while Redis and SMTP answer, and not ready while SMTP is down', async () => {
    const up = await fetch(`${baseUrl}/readyz`);
    expect(up.status).toBe(200);
    expect(await up.json()).toEqual({
      status: 'up',
      dependencies: { redis: 'up', smtp: 'up' },
    });

    await smtp.stop();
    try {
      const down = await fetch(`${baseUrl}/readyz`);
      expect(down.status).toBe(503);
      expect(await down.json()).toEqual({
        status: 'down',
        dependencies: { redis: 'up', smtp: 'down' },
      });
    } finally {
      await smtp.start();
    }
  });

  it('a mail due while SMTP is down is delivered once SMTP is back, exactly once', async () => {
    const failedBefore = await metric('mail_failed_total');
    await smtp.stop();
    const job = await enqueue(resetJob('outage@example.com', 'C'.repeat(43)), 'c3');
    await waitUntil(async () => (await queue.getJob(job.id ?? ''))!.attemptsMade >= 2);
    expect(await metric('mail_failed_total')).toBeGreaterThanOrEqual(failedBefore + 2);
    expect(smtp.to('outage@example.com')).toHaveLength(0);

    await smtp.start();
    await smtp.waitForMail('outage@example.com', 20_000);
    await waitUntil(async () => (await queue.getJob(job.id ?? ''))!.finishedOn !== undefined);
    await new Promise((r) => setTimeout(r, RETRY_DELAY_MS * 8));
    expect(smtp.to('outage@example.com')).toHaveLength(1);
    expect(await (await queue.getJob(job.id ?? ''))!.getState()).toBe('completed');
  });

  it('a mail that never gets through ends in the failed set after every attempt, kept', async () => {
    await smtp.stop();
    try {
      const job = await enqueue(resetJob('never@example.com', 'D'.repeat(43)), 'd4');
      // 6 attempts with 0.3 s, 0.6 s, 1.2 s, 2.4 s and 4.8 s between them.
      await waitUntil(async () => (await job.getState()) === 'failed', 25_000);
      const failed = await queue.getJob(job.id ?? '');
      expect(failed?.attemptsMade).toBe(MAIL_DELIVERY.attempts);
      expect(await metric('mail_failed_total{job="password-reset",final="true"}')).toBe(1);
    } finally {
      await smtp.start();
    }
  }, 40_000);
});
