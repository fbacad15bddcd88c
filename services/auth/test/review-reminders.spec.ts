/**
 * The reminder check inside the auth service, on real FerretDB and Redis, with the test's clock:
 * a reminder is queued at the first check at or after the start of the student's hour in their
 * zone (a skipped hour on a daylight-saving day included), once per local date, only with
 * questions due, never for a deleted account; a second process's checks racing the first's queue
 * it once. Questions' due count is a stub here; the mail jobs are read from the `mail` queue.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  MAIL_JOBS,
  MAIL_QUEUE,
  REVIEW_REMINDER_CHECK_JOB,
  REVIEW_REMINDER_QUEUE,
  type AuthResponse,
  type ReviewReminderMailJob,
  type ReviewReminders,
  type User,
} from '@mcat/contracts';
import { TEST_INTERNAL_API_TOKEN } from '@mcat/service-kit/testing';
import { Queue } from 'bullmq';
import Redis from 'ioredis';
import { startAuth, uniqueEmail, type RunningAuth } from './support/auth-app';

const CHECK_MS = 1000;
jest.setTimeout(60_000);

/** Questions' internal due count, answering what the test sets per user (0 otherwise). */
class DueCounts {
  readonly due = new Map<string, number>();
  private server: Server | undefined;

  async start(): Promise<string> {
    this.server = createServer((request, response) => {
      const match = /^\/internal\/questions\/users\/([0-9a-f]{24})\/review\/due\/count$/.exec(
        request.url ?? '',
      );
      if (!match || request.headers['x-internal-token'] !== TEST_INTERNAL_API_TOKEN) {
        response.writeHead(404).end();
        return;
      }
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ due: this.due.get(match[1] ?? '') ?? 0 }));
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server?.close(() => resolve()));
  }
}

const counts = new DueCounts();
let auth: RunningAuth;
let connection: Redis;
let mail: Queue;
let checks: Queue;

beforeAll(async () => {
  const questionsUrl = await counts.start();
  auth = await startAuth(
    {},
    { QUESTIONS_INTERNAL_URL: questionsUrl, REVIEW_REMINDER_CHECK_MS: String(CHECK_MS) },
  );
  connection = new Redis(auth.redis.url, { maxRetriesPerRequest: null });
  mail = new Queue(MAIL_QUEUE, { connection });
  checks = new Queue(REVIEW_REMINDER_QUEUE, { connection });
});

afterAll(async () => {
  await mail?.close();
  await checks?.close();
  await connection?.quit();
  await auth?.close();
  await counts.stop();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Moves the service's clock to `iso` (it goes on running from there). */
const setNow = (iso: string) => auth.clock.advance(Date.parse(iso) - auth.clock.now().getTime());

interface Student {
  id: string;
  token: string;
  name: string;
  email: string;
}

async function student(due: number): Promise<Student> {
  const email = uniqueEmail('remind');
  const { body } = await auth.call<AuthResponse>('POST', '/api/auth/register', {
    body: { name: 'Rem', email, password: 'mcat-secret-1' },
    ip: `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
  });
  counts.due.set(body.user._id, due);
  return { id: body.user._id, token: body.token, name: body.user.name, email };
}

async function remindAt(who: Student, reviewReminders: ReviewReminders): Promise<void> {
  const { status, body } = await auth.call<User>('PUT', '/api/auth/me', {
    token: who.token,
    body: { name: who.name, email: who.email, reviewReminders },
  });
  expect({ status, reviewReminders: body.reviewReminders }).toEqual({
    status: 200,
    reviewReminders,
  });
}

/** The reminder jobs queued for the student so far. */
async function remindersOf(who: Student): Promise<ReviewReminderMailJob[]> {
  const jobs = await mail.getJobs(['waiting', 'delayed', 'active', 'completed', 'failed']);
  return jobs
    .filter((job) => job.name === MAIL_JOBS.reviewReminder)
    .map((job) => job.data as ReviewReminderMailJob)
    .filter((data) => data.to === who.email)
    .sort((a, b) => a.localDate.localeCompare(b.localDate));
}

/**
 * With the checks held: how many reminders the processes say they queued (their /metrics), and
 * how many reminder jobs the mail queue holds.
 */
async function queuedSoFar(processes: RunningAuth[]): Promise<{ queued: number; jobs: number }> {
  while ((await checks.getActiveCount()) > 0) await sleep(50);
  const queued = (await Promise.all(processes.map(queuedBy))).reduce((a, b) => a + b, 0);
  const jobs = await mail.getJobs(['waiting', 'delayed', 'active', 'completed', 'failed']);
  return { queued, jobs: jobs.filter((job) => job.name === MAIL_JOBS.reviewReminder).length };
}

/** How many reminders a process has queued, by its /metrics. */
async function queuedBy(process: RunningAuth): Promise<number> {
  const text = await (
    await fetch(`${process.baseUrl}/metrics`, {
      headers: { authorization: `Bearer ${TEST_INTERNAL_API_TOKEN}` },
    })
  ).text();
  return Number(/^review_reminders_total\{outcome="queued"\} (\d+)$/m.exec(text)?.[1] ?? 0);
}

/** Waits for two whole checks to run after now. */
async function twoChecks(): Promise<void> {
  await sleep(2 * CHECK_MS + 500);
}

async function waitForReminders(who: Student, count: number): Promise<ReviewReminderMailJob[]> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const found = await remindersOf(who);
    if (found.length >= count) return found;
    if (Date.now() > deadline) throw new Error(`${found.length} reminders, not ${count}`);
    await sleep(200);
  }
}

describe('the reminder check', () => {
  it('queues nothing before the hour, then one reminder from the first check at or after it, once per local date', async () => {
    const ada = await student(3);
    setNow('2031-01-10T16:58:00Z');
    await remindAt(ada, { enabled: true, hour: 18, timeZone: 'Europe/Paris' });
    await twoChecks();
    expect(await remindersOf(ada)).toEqual([]);

    setNow('2031-01-10T17:00:30Z');
    const [first] = await waitForReminders(ada, 1);
    expect(first).toEqual({
      to: ada.email,
      name: 'Rem',
      due: 3,
      localDate: '2031-01-10',
      hour: 18,
      timeZone: 'Europe/Paris',
      unsubscribeToken: expect.stringMatching(new RegExp(`^${ada.id}\\.[A-Za-z0-9_-]{43}$`)),
    });

    setNow('2031-01-10T22:59:00Z');
    await twoChecks();
    expect(await remindersOf(ada)).toHaveLength(1);

    setNow('2031-01-11T17:00:10Z');
    const both = await waitForReminders(ada, 2);
    expect(both.map((job) => job.localDate)).toEqual(['2031-01-10', '2031-01-11']);
  });

  it('follows the zone through a daylight-saving change: a skipped hour starts when the clocks jump', async () => {
    const bea = await student(1);
    setNow('2031-03-08T12:00:00Z');
    await remindAt(bea, { enabled: true, hour: 2, timeZone: 'America/New_York' });
    // 07:00 in New York: the 8th's reminder goes at once, its hour having begun.
    expect((await waitForReminders(bea, 1)).map((job) => job.localDate)).toEqual(['2031-03-08']);
    // 2031-03-09: 02:00 EST does not happen; the clocks jump to 03:00 EDT at 07:00 UTC.
    setNow('2031-03-09T06:59:00Z');
    await twoChecks();
    expect(await remindersOf(bea)).toHaveLength(1);
    setNow('2031-03-09T07:00:05Z');
    expect((await waitForReminders(bea, 2)).map((job) => job.localDate)).toEqual([
      '2031-03-08',
      '2031-03-09',
    ]);
  });

  it('sends the day’s reminder at once to a student who turns reminders on after the hour began', async () => {
    const cai = await student(2);
    setNow('2031-05-20T09:30:00Z');
    await remindAt(cai, { enabled: true, hour: 18, timeZone: 'Asia/Tokyo' });
    expect((await waitForReminders(cai, 1)).map((job) => job.localDate)).toEqual(['2031-05-20']);
  });

  it('queues nothing when nothing is due, nor for a deleted account, nor once reminders are off', async () => {
    const idle = await student(0);
    const gone = await student(4);
    const off = await student(4);
    setNow('2031-06-01T07:30:00Z');
    for (const who of [idle, gone, off]) {
      await remindAt(who, { enabled: true, hour: 8, timeZone: 'UTC' });
    }
    const deleted = await auth.call('DELETE', '/api/auth/me', {
      token: gone.token,
      body: { password: 'mcat-secret-1' },
    });
    expect(deleted.status).toBe(200);
    await remindAt(off, { enabled: false, hour: 8, timeZone: 'UTC' });
    setNow('2031-06-01T08:30:00Z');
    await twoChecks();
    for (const who of [idle, gone, off]) expect(await remindersOf(who)).toEqual([]);
  });

  it('queues a reminder once while many checks run at once on two processes', async () => {
    const second = await startAuth(
      {},
      {
        QUESTIONS_INTERNAL_URL: auth.config.QUESTIONS_INTERNAL_URL,
        REVIEW_REMINDER_CHECK_MS: String(CHECK_MS),
        // The same database and Redis: a second replica of the same service.
        MONGO_URL: auth.config.MONGO_URL,
        REDIS_URL: auth.redis.url,
      },
    );
    try {
      second.clock.advance(auth.clock.now().getTime() - second.clock.now().getTime());
      await checks.pause();
      const before = await queuedSoFar([auth, second]);
      const crowd = await Promise.all([1, 2, 3, 4, 5].map(() => student(1)));
      setNow('2031-07-01T12:30:00Z');
      second.clock.advance(auth.clock.now().getTime() - second.clock.now().getTime());
      for (const who of crowd) await remindAt(who, { enabled: true, hour: 12, timeZone: 'UTC' });
      await checks.addBulk(
        Array.from({ length: 8 }, () => ({ name: REVIEW_REMINDER_CHECK_JOB, data: {} })),
      );
      await checks.resume();
      for (const who of crowd) await waitForReminders(who, 1);
      await twoChecks();
      expect(await Promise.all(crowd.map(async (who) => (await remindersOf(who)).length))).toEqual([
        1, 1, 1, 1, 1,
      ]);
      // Every check that decided to send queued a job of its own: none was queued twice and
      // merged by the job id (the students of the tests before get theirs for the new date too).
      await checks.pause();
      const after = await queuedSoFar([auth, second]);
      await checks.resume();
      expect(after.queued - before.queued).toBe(after.jobs - before.jobs);
    } finally {
      await second.close();
    }
  });
});
