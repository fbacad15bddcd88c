/**
 * Issue 29, item 5, through the gateway: the re-review reminder setting on GET and PUT
 * /api/auth/me and its 400s; the daily mail (how many are due, the link, RFC 8058's one-click
 * headers and the footer) within 3 minutes of turning reminders on during the hour; none when
 * nothing is due, none to a deleted account; once per local day across a restart of auth and with
 * two schedulers racing; and the one-click unsubscribe, good, reused, tampered and abused.
 *
 * The reminder check runs on the BullMQ queue `review-reminders`; a test that must set several
 * students up before one check sees them pauses that queue (as an operator could), and resumes it.
 * "A check has run since" is shown by a fresh student turned on afterwards getting their mail.
 */
import {
  REQUEST_MESSAGES,
  REVIEW_REMINDER_CHECK_JOB,
  REVIEW_REMINDER_MESSAGES,
  REVIEW_REMINDER_QUEUE,
  type MessageResponse,
  type PublicConfig,
  type ReviewReminders,
  type User,
} from '@mcat/contracts';
import { Queue } from 'bullmq';
import Redis from 'ioredis';
import { infraUrls, NODE_FLAGS, serviceEnv } from '@mcat/test-support/stack';
import { login, register, type SignedIn } from '@mcat/test-support/system/accounts';
import { GatewayClient, type GatewayResponse } from '@mcat/test-support/system/gateway-client';
import { mailsTo, waitForMail, type StoredMail } from '@mcat/test-support/system/mailbox';
import { createTest, questionBody, TEST_SAMPLES } from '@mcat/test-support/system/study-data';
import { systemEnv } from '@mcat/test-support/system/system-env';
import { thisHourSomewhere } from '@mcat/test-support/system/time-zones';
import { startListening, type RunningProgram } from './support/commands';
import { processStatus, runnerStatus } from './support/runner';

const gateway = new GatewayClient();
/** The contract: turned on during the hour, the day's mail within 3 minutes. */
const MAIL_WITHIN_MS = 180_000;
const REMINDER = /due for re-review on /;
const SCHEDULER_ID = 'review-reminder-check';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

jest.setTimeout(4 * MAIL_WITHIN_MS);

let config: PublicConfig;
let connection: Redis;
let checks: Queue;

beforeAll(async () => {
  config = (await gateway.get<PublicConfig>('/api/config')).body;
  connection = new Redis(infraUrls(systemEnv.profile).REDIS_URL, { maxRetriesPerRequest: null });
  checks = new Queue(REVIEW_REMINDER_QUEUE, { connection });
});
afterAll(async () => {
  await checks.resume();
  await checks.close();
  await connection.quit();
});

/** Zones tried in turn for one whose local day is not about to end. */
const ZONES = ['UTC', 'Asia/Tokyo', 'America/New_York', 'Australia/Adelaide', 'Europe/Paris'];

const setReminders = (student: SignedIn, reviewReminders: unknown) =>
  gateway.put<User>(
    '/api/auth/me',
    { name: student.name, email: student.email, reviewReminders },
    student.token,
  );

/** Reminders on at the hour that has begun in some zone: owed at the next check. */
async function turnOn(student: SignedIn, hourFromNow = 0): Promise<ReviewReminders> {
  const { timeZone, hour } = thisHourSomewhere(ZONES);
  const settings = { enabled: true, hour: hour + hourFromNow, timeZone };
  const answer = await setReminders(student, settings);
  expect({ status: answer.status, reviewReminders: answer.body.reviewReminders }).toEqual({
    status: 200,
    reviewReminders: settings,
  });
  return settings;
}

/** A new student with one missed question, due at once (a question is due since it was logged). */
async function studentWithDueQuestion(): Promise<SignedIn> {
  const student = await register(new GatewayClient());
  const test = await createTest(gateway, student.token, TEST_SAMPLES[0]);
  const logged = await gateway.post('/api/questions', questionBody(test._id), student.token);
  expect(logged.status).toBe(201);
  return student;
}

const remindersTo = (email: string): StoredMail[] =>
  mailsTo(email).filter((mail) => REMINDER.test(mail.subject));

/** Waits until a check that began after this call has run: a fresh student then gets their mail. */
async function aCheckHasRun(): Promise<void> {
  const witness = await studentWithDueQuestion();
  await turnOn(witness);
  await waitForMail(witness.email, REMINDER, MAIL_WITHIN_MS);
}

/** Holds the checks back (the one running ends first) while several students are set up. */
async function pauseChecks(): Promise<void> {
  await checks.pause();
  while ((await checks.getActiveCount()) > 0) await sleep(100);
}

/** The header fields of a caught mail, folded lines unfolded. */
const headersOf = (mail: StoredMail): string =>
  (mail.content.split(/\r?\n\r?\n/, 1)[0] ?? '').replace(/\r?\n[ \t]+/g, ' ');

/** The mail's List-Unsubscribe address. */
function unsubscribeLinkOf(mail: StoredMail): string {
  const link = /^List-Unsubscribe: <([^>]+)>$/m.exec(headersOf(mail))?.[1];
  if (!link) throw new Error(`No List-Unsubscribe in ${headersOf(mail)}`);
  return link;
}

const pathOf = (link: string): string => new URL(link).pathname;
const tokenOf = (link: string): string => pathOf(link).split('/').pop() ?? '';

/** RFC 8058's one-click POST, as a mail client sends it: no cookie, no token, the form field. */
const oneClick = (path: string, client = new GatewayClient()) =>
  client.request<MessageResponse>('POST', path, {
    payload: Buffer.from('List-Unsubscribe=One-Click'),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });

const statusAndBody = <T>(response: GatewayResponse<T>) => ({
  status: response.status,
  body: response.body,
});

const me = async (student: SignedIn): Promise<User> =>
  (await gateway.get<User>('/api/auth/me', student.token)).body;

describe('the reminder setting (GET and PUT /api/auth/me)', () => {
  it('is off at 18:00 UTC for a new account, kept by a profile change without it, and changed with it', async () => {
    const student = await register(gateway);
    const initial = { enabled: false, hour: 18, timeZone: 'UTC' };
    expect(student.user.reviewReminders).toEqual(initial);
    expect((await me(student)).reviewReminders).toEqual(initial);

    const chosen = { enabled: true, hour: 7, timeZone: 'America/Los_Angeles' };
    expect((await setReminders(student, chosen)).body.reviewReminders).toEqual(chosen);
    const renamed = await gateway.put<User>(
      '/api/auth/me',
      { name: 'Renamed Student', email: student.email },
      student.token,
    );
    expect({ status: renamed.status, reviewReminders: renamed.body.reviewReminders }).toEqual({
      status: 200,
      reviewReminders: chosen,
    });
    expect((await me(student)).reviewReminders).toEqual(chosen);
    expect((await login(new GatewayClient(), student)).user.reviewReminders).toEqual(chosen);

    const off = { enabled: false, hour: 0, timeZone: 'Asia/Kolkata' };
    expect((await setReminders(student, off)).body.reviewReminders).toEqual(off);
    expect((await me(student)).reviewReminders).toEqual(off);
  });

  it.each([
    ['an hour of 24', { enabled: true, hour: 24, timeZone: 'UTC' }, 'hourInvalid'],
    ['an hour of -1', { enabled: true, hour: -1, timeZone: 'UTC' }, 'hourInvalid'],
    ['an hour of 7.5', { enabled: true, hour: 7.5, timeZone: 'UTC' }, 'hourInvalid'],
    ['an hour as text', { enabled: true, hour: '7', timeZone: 'UTC' }, 'hourInvalid'],
    [
      'an unknown zone',
      { enabled: true, hour: 7, timeZone: 'Mars/Olympus_Mons' },
      'unknownTimeZone',
    ],
    ['an offset for a zone', { enabled: true, hour: 7, timeZone: '+02:00' }, 'unknownTimeZone'],
    ['no zone', { enabled: true, hour: 7 }, 'timeZoneRequired'],
    ['a switch as text', { enabled: 'yes', hour: 7, timeZone: 'UTC' }, 'enabledInvalid'],
    ['not an object', 'on', 'invalid'],
  ] as const)(
    'refuses %s with 400 and its message, changing nothing',
    async (_rule, value, key) => {
      const student = await register(new GatewayClient());
      const answer = await setReminders(student, value);
      expect(statusAndBody(answer)).toEqual({
        status: 400,
        body: { statusCode: 400, code: 'VALIDATION', message: REVIEW_REMINDER_MESSAGES[key] },
      });
      expect(await me(student)).toEqual(student.user);
    },
  );

  it('refuses a field it does not know, naming it', async () => {
    const student = await register(new GatewayClient());
    const answer = await setReminders(student, {
      enabled: true,
      hour: 7,
      timeZone: 'UTC',
      email: 'someone-else@example.com',
    });
    expect(statusAndBody(answer)).toEqual({
      status: 400,
      body: {
        statusCode: 400,
        code: 'VALIDATION',
        message: REVIEW_REMINDER_MESSAGES.unknownField(['email']),
      },
    });
  });
});

describe('the reminder mail', () => {
  afterEach(() => checks.resume());

  it('reaches a student with questions due within 3 minutes of turning reminders on during the hour, and no one else', async () => {
    await pauseChecks();
    const due = await studentWithDueQuestion();
    const nothingDue = await register(new GatewayClient());
    const laterHour = await studentWithDueQuestion();
    const settings = await turnOn(due);
    await turnOn(nothingDue);
    await turnOn(laterHour, 1);
    const turnedOnAt = Date.now();
    await checks.resume();

    const mail = await waitForMail(due.email, REMINDER, MAIL_WITHIN_MS);
    expect(Date.now() - turnedOnAt).toBeLessThan(MAIL_WITHIN_MS);
    expect(mail.subject).toBe(`1 question is due for re-review on ${config.brandName}`);
    expect(mail.content).toContain('1 missed question is due for re-review today.');
    expect(mail.content).toContain(`${config.publicUrl}/re-review`);
    const link = unsubscribeLinkOf(mail);
    expect(link).toMatch(
      new RegExp(
        `^${config.publicUrl.replaceAll('.', '\\.')}/api/auth/review-reminders/unsubscribe/[0-9a-f]{24}\\.[A-Za-z0-9_-]{43}$`,
      ),
    );
    expect(headersOf(mail)).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    expect(mail.content).toMatch(/^Content-Type: text\/plain/m);
    expect(mail.content).toMatch(/^Content-Type: text\/html/m);
    // The footer offers the same address, in the text part and as a link in the HTML part.
    expect(mail.content).toContain(`Turn off these reminders: ${link}`);
    expect(mail.content).toContain(`<a href="${link}">Turn off these reminders</a>`);
    expect(mail.content).toContain(
      `daily at ${String(settings.hour).padStart(2, '0')}:00, ${settings.timeZone}`,
    );

    await aCheckHasRun();
    expect(remindersTo(nothingDue.email)).toEqual([]);
    expect(remindersTo(laterHour.email)).toEqual([]);
    expect(remindersTo(due.email)).toHaveLength(1);
  });

  it('never reaches a deleted account', async () => {
    await pauseChecks();
    const deleted = await studentWithDueQuestion();
    const kept = await studentWithDueQuestion();
    await turnOn(deleted);
    await turnOn(kept);
    const deletion = await gateway.request('DELETE', '/api/auth/me', {
      token: deleted.token,
      json: { password: deleted.password },
    });
    expect(deletion.status).toBe(200);
    await checks.resume();

    await waitForMail(kept.email, REMINDER, MAIL_WITHIN_MS);
    await aCheckHasRun();
    expect(remindersTo(deleted.email)).toEqual([]);
  });

  const withRunner = runnerStatus() ? it : it.skip;
  withRunner('is sent once per local day, across a restart of the auth service', async () => {
    const student = await studentWithDueQuestion();
    await turnOn(student);
    await waitForMail(student.email, REMINDER, MAIL_WITHIN_MS);

    const before = processStatus('auth');
    process.kill(before.pid as number, 'SIGKILL');
    const deadline = Date.now() + 30_000;
    for (;;) {
      const now = processStatus('auth');
      const up = await gateway.get('/api/auth/me', student.token).catch(() => null);
      if (now.pid !== before.pid && now.state === 'running' && up?.status === 200) break;
      if (Date.now() > deadline) throw new Error('auth did not come back within 30 s');
      await sleep(200);
    }

    await aCheckHasRun();
    await aCheckHasRun();
    expect(remindersTo(student.email)).toHaveLength(1);
  });

  describe('with a second auth process scheduling and checking beside the stack’s', () => {
    let second: RunningProgram | undefined;
    afterAll(async () => {
      await second?.stop();
    });

    it('is sent once to each student while several checks race on both', async () => {
      const scheduler = await checks.getJobScheduler(SCHEDULER_ID);
      second = await startListening(
        ['node', ...NODE_FLAGS, 'services/auth/dist/main.js'],
        (port) => ({
          PATH: process.env.PATH,
          ...serviceEnv(systemEnv.profile, 'auth', systemEnv.runnerEnv()),
          PORT: String(port),
          // The same period as the stack's: a scheduler upserted with another would replace it.
          REVIEW_REMINDER_CHECK_MS: String(scheduler?.every ?? 60_000),
        }),
      );

      await pauseChecks();
      const students = await Promise.all([1, 2, 3, 4].map(() => studentWithDueQuestion()));
      for (const student of students) await turnOn(student);
      // Checks queued together run at once, one on each process, over the same students.
      await checks.addBulk(
        Array.from({ length: 6 }, () => ({
          name: REVIEW_REMINDER_CHECK_JOB,
          data: {},
          opts: { removeOnComplete: true },
        })),
      );
      await checks.resume();

      for (const student of students) await waitForMail(student.email, REMINDER, MAIL_WITHIN_MS);
      await aCheckHasRun();
      expect(students.map((student) => remindersTo(student.email).length)).toEqual([1, 1, 1, 1]);
    });
  });
});

describe('the one-click unsubscribe (RFC 8058)', () => {
  let student: SignedIn;
  let link: string;

  beforeAll(async () => {
    student = await studentWithDueQuestion();
    await turnOn(student);
    link = unsubscribeLinkOf(await waitForMail(student.email, REMINDER, MAIL_WITHIN_MS));
  });

  it('turns reminders off without sign-in, changes nothing else, and answers the same when used again', async () => {
    const bystander = await register(new GatewayClient());
    const bystanderSettings = await turnOn(bystander, 1);
    const before = await me(student);

    const first = await oneClick(pathOf(link));
    expect(statusAndBody(first)).toEqual({
      status: 200,
      body: { message: REVIEW_REMINDER_MESSAGES.unsubscribed },
    });
    expect(await me(student)).toEqual({
      ...before,
      reviewReminders: { ...before.reviewReminders, enabled: false },
    });

    const reused = await oneClick(pathOf(link));
    expect(statusAndBody(reused)).toEqual(statusAndBody(first));
    expect((await me(student)).reviewReminders.enabled).toBe(false);
    expect((await me(bystander)).reviewReminders).toEqual(bystanderSettings);

    await aCheckHasRun();
    expect(remindersTo(student.email)).toHaveLength(1);
  });

  it('takes the multipart form, JSON or no body at all, as mail clients vary', async () => {
    const boundary = 'one-click-boundary';
    const multipart = await new GatewayClient().request('POST', pathOf(link), {
      payload: Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`,
      ),
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    const json = await new GatewayClient().request('POST', pathOf(link), {
      json: { 'List-Unsubscribe': 'One-Click' },
    });
    const empty = await new GatewayClient().request('POST', pathOf(link));
    expect([multipart.status, json.status, empty.status]).toEqual([200, 200, 200]);
  });

  it('refuses a tampered token, or a signature moved to another account, with 400, turning nothing off', async () => {
    const victim = await register(new GatewayClient());
    const settings = await turnOn(victim, 1);
    const token = tokenOf(link);
    const flipped = `${token.slice(0, -2)}${token.at(-2) === 'A' ? 'B' : 'A'}${token.slice(-1)}`;
    const moved = `${victim.user._id}.${token.split('.')[1] ?? ''}`;
    const malformed = 'not-a-token';
    for (const forged of [flipped, moved, malformed]) {
      const path = `/api/auth/review-reminders/unsubscribe/${forged}`;
      expect(statusAndBody(await oneClick(path))).toEqual({
        status: 400,
        body: {
          statusCode: 400,
          code: 'VALIDATION',
          message: REVIEW_REMINDER_MESSAGES.unsubscribeInvalid,
        },
      });
      expect((await new GatewayClient().get(path)).status).toBe(400);
    }
    expect((await me(victim)).reviewReminders).toEqual(settings);
  });

  it('opened in a browser, sends it to the web app’s page and changes nothing', async () => {
    const settings = await turnOn(student, 1);
    const opened = await new GatewayClient().get(pathOf(link));
    expect({ status: opened.status, location: opened.headers.location }).toEqual({
      status: 303,
      location: `/unsubscribe/${tokenOf(link)}`,
    });
    expect((await me(student)).reviewReminders).toEqual(settings);
  });

  it('is no session: the token is refused as a bearer token', async () => {
    const answer = await gateway.get('/api/auth/me', tokenOf(link));
    expect(answer.status).toBe(401);
  });

  it.each(['text/plain', 'application/xml', 'text/html'])(
    'refuses a %s body with 415',
    async (contentType) => {
      const answer = await new GatewayClient().request('POST', pathOf(link), {
        payload: Buffer.from('List-Unsubscribe=One-Click'),
        headers: { 'content-type': contentType },
      });
      expect({
        status: answer.status,
        message: (answer.body as { message?: string }).message,
      }).toEqual({ status: 415, message: REQUEST_MESSAGES.unsupportedContentType });
    },
  );

  it('refuses a body over 4 KiB with 413, whatever its type', async () => {
    for (const contentType of ['application/x-www-form-urlencoded', 'application/json']) {
      const answer = await new GatewayClient().request('POST', pathOf(link), {
        payload: Buffer.from(
          contentType === 'application/json'
            ? JSON.stringify({ padding: 'p'.repeat(4096) })
            : `List-Unsubscribe=One-Click&padding=${'p'.repeat(4096)}`,
        ),
        headers: { 'content-type': contentType },
      });
      expect({ contentType, status: answer.status }).toEqual({ contentType, status: 413 });
    }
  });

  it('refuses a token longer than the router reads with 414, never echoing it', async () => {
    const long = 'x'.repeat(2000);
    const answer = await oneClick(`/api/auth/review-reminders/unsubscribe/${long}`);
    expect(answer.status).toBe(414);
    expect(answer.raw.toString()).not.toContain(long);
  });
});
