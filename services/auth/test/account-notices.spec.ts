import { AUTH_MESSAGES, type AuthResponse, type User } from '@mcat/contracts';
import Redis from 'ioredis';
import type { CaughtMail } from '@mcat/test-support/smtp-test-server';
import { PUBLIC_URL, startAuth, uniqueEmail, type RunningAuth } from './support/auth-app';
// The mail leg is the mailer service itself, run in this process.
import { startMailerLeg, type MailerLeg } from './support/mailer-leg';

let auth: RunningAuth;
let smtp: MailerLeg['smtp'];
let mail: MailerLeg;

const EMAIL_CHANGED = 'Your Test Logbook e-mail address was changed';
const PASSWORD_CHANGED = 'Your Test Logbook password was changed';
const WHEN = /on \w{3}, \d\d \w{3} \d{4} \d\d:\d\d UTC\./;

const register = async () => {
  const body = { name: 'Grace', email: uniqueEmail('notice'), password: 'oldsecret' };
  const { body: answer } = await auth.call<AuthResponse>('POST', '/api/auth/register', { body });
  return { ...body, token: answer.token };
};

const mailsTo = (address: string, subject: string): CaughtMail[] =>
  smtp.to(address).filter((mail) => mail.subject === subject);

const waitForNotice = async (address: string, subject: string): Promise<CaughtMail> => {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const [mail] = mailsTo(address, subject);
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`No "${subject}" mail to ${address}`);
    await new Promise((r) => setTimeout(r, 50));
  }
};

const settle = () => new Promise((r) => setTimeout(r, 1000));

/** Lets the service reach only its session and rate-limit keys: the mail queue refuses it. */
const withoutMailQueue = async (run: () => Promise<void>): Promise<void> => {
  const admin = new Redis(auth.config.REDIS_URL);
  try {
    await admin.call('ACL', 'SETUSER', 'default', 'resetkeys', '~session-version*', '~rate-limit*');
    await run();
  } finally {
    await admin.call('ACL', 'SETUSER', 'default', 'allkeys');
    await admin.quit();
  }
};

beforeAll(async () => {
  auth = await startAuth();
  mail = await startMailerLeg(auth.config.REDIS_URL, {
    BRAND_NAME: 'Test Logbook',
    SUPPORT_EMAIL: 'help@logbook.example',
  });
  smtp = mail.smtp;
});
afterAll(async () => {
  await mail?.close();
  await auth?.close();
});

describe('e-mail address change', () => {
  it('sends the old address a notice naming the new one, when, and what to do', async () => {
    const user = await register();
    const newEmail = uniqueEmail('moved');
    const answer = await auth.call<User>('PUT', '/api/auth/me', {
      token: user.token,
      body: { name: 'Grace', email: newEmail },
    });
    expect(answer).toMatchObject({ status: 200, body: { email: newEmail } });

    const notice = await waitForNotice(user.email, EMAIL_CHANGED);
    expect(notice.to).toEqual([user.email]);
    expect(notice.text).toContain('Hello Grace,');
    expect(notice.text).toContain(`changed from ${user.email} to ${newEmail} on`);
    expect(notice.text).toMatch(WHEN);
    expect(notice.text).toContain('write to help@logbook.example right away');
    expect(notice.text).toContain(`${PUBLIC_URL}/profile`);
    expect(smtp.to(newEmail)).toEqual([]);
  });

  it('sends nothing when the address stays the same', async () => {
    const user = await register();
    const answer = await auth.call('PUT', '/api/auth/me', {
      token: user.token,
      body: { name: 'Grace Hopper', email: user.email, plannedTestingDate: '2027-03-01' },
    });
    expect(answer.status).toBe(200);
    await settle();
    expect(smtp.to(user.email)).toEqual([]);
  });

  it('stands and answers 200 when the notice cannot be queued', async () => {
    const user = await register();
    const newEmail = uniqueEmail('unqueued');
    await withoutMailQueue(async () => {
      const answer = await auth.call<User>('PUT', '/api/auth/me', {
        token: user.token,
        body: { name: 'Grace', email: newEmail },
      });
      expect(answer).toMatchObject({ status: 200, body: { email: newEmail } });
    });
    const me = await auth.call<User>('GET', '/api/auth/me', { token: user.token });
    expect(me.body.email).toBe(newEmail);
    await settle();
    expect(smtp.to(user.email)).toEqual([]);
  });
});

describe('password change', () => {
  it('sends the account a notice, when, and what to do', async () => {
    const user = await register();
    const answer = await auth.call('PUT', '/api/auth/password', {
      token: user.token,
      body: { currentPassword: 'oldsecret', newPassword: 'newsecret' },
    });
    expect(answer).toMatchObject({ status: 200, body: { message: AUTH_MESSAGES.passwordChanged } });

    const notice = await waitForNotice(user.email, PASSWORD_CHANGED);
    expect(notice.text).toContain(`The password of your Test Logbook account (${user.email})`);
    expect(notice.text).toMatch(WHEN);
    expect(notice.text).toContain(
      `reset your password right away at ${PUBLIC_URL}/forgot-password and write to help@logbook.example.`,
    );
  });

  it('sends none when the current password is wrong', async () => {
    const user = await register();
    const answer = await auth.call('PUT', '/api/auth/password', {
      token: user.token,
      body: { currentPassword: 'not-it', newPassword: 'newsecret' },
    });
    expect(answer.status).toBe(400);
    await settle();
    expect(smtp.to(user.email)).toEqual([]);
  });

  it('stands and answers 200 when the notice cannot be queued', async () => {
    const user = await register();
    await withoutMailQueue(async () => {
      const answer = await auth.call('PUT', '/api/auth/password', {
        token: user.token,
        body: { currentPassword: 'oldsecret', newPassword: 'newsecret' },
      });
      expect(answer).toMatchObject({
        status: 200,
        body: { message: AUTH_MESSAGES.passwordChanged },
      });
    });
    const login = await auth.call('POST', '/api/auth/login', {
      body: { email: user.email, password: 'newsecret' },
    });
    expect(login.status).toBe(200);
  });
});

describe('password reset through the mailed link', () => {
  it('sends the account the password-changed notice', async () => {
    const user = await register();
    await auth.call('POST', '/api/auth/forgot-password', { body: { email: user.email } });
    const resetMail = await waitForNotice(user.email, 'Reset your Test Logbook password');
    const token = new RegExp(`${PUBLIC_URL}/reset-password/([\\w-]{43})`).exec(resetMail.text)?.[1];
    const answer = await auth.call('POST', `/api/auth/reset-password/${token}`, {
      body: { password: 'newsecret' },
    });
    expect(answer).toMatchObject({ status: 200, body: { message: AUTH_MESSAGES.passwordReset } });

    const notice = await waitForNotice(user.email, PASSWORD_CHANGED);
    expect(notice.text).toMatch(WHEN);
    expect(notice.text).toContain('help@logbook.example');
  });
});
