/**
 * Password guessing through the gateway, from many client addresses at once: the per-account
 * sign-in wait and its growth, the forgot-password limits per e-mail and per address, common
 * passwords refused wherever a password is chosen, and every other session ended by a password
 * change or reset. Waits are ended in the stack's Redis (support/redis.ts), never slept through.
 */
import {
  AUTH_MESSAGES,
  tooManyAttempts,
  type ApiError,
  type MessageResponse,
} from '@mcat/contracts';
import { login, newAccount, register, type SignedIn } from '@mcat/test-support/system/accounts';
import { GatewayClient, type GatewayResponse } from '@mcat/test-support/system/gateway-client';
import { waitForResetLink } from '@mcat/test-support/system/mailbox';
import { answersTo, changePassword, statusAndBody, tokenOf } from './support/sessions';
import { endWait } from './support/redis';

/** docs/adr/0005: 10 wrong passwords in 15 minutes, then 1 minute, doubling up to 15. */
const FAILURES_BEFORE_WAIT = 10;
const FORGOT_PER_EMAIL = 5;
const FORGOT_PER_ADDRESS = 20;

/** A client from a new random 127.x.y.z address for every request. */
const anywhere = () => new GatewayClient();

/** A 429 whose Retry-After is within (min, max] seconds and whose message says the same. */
function expectWait(response: GatewayResponse<unknown>, min: number, max: number): void {
  expect(response.status).toBe(429);
  const seconds = Number(response.headers['retry-after']);
  expect(seconds).toBeGreaterThan(min);
  expect(seconds).toBeLessThanOrEqual(max);
  expect(response.body).toEqual({
    statusCode: 429,
    code: 'RATE_LIMITED',
    message: tooManyAttempts(seconds),
  });
}

const signIn = (email: string, password: string, client = anywhere()) =>
  client.post('/api/auth/login', { email, password });

const accountWait = (email: string) => endWait(`rate-limit:loginPerAccount:${email}`);

describe('sign-in per account, from many addresses', () => {
  let owner: SignedIn;

  beforeAll(async () => {
    owner = await register(anywhere());
  });

  it('10 wrong passwords from 10 addresses make the account wait a minute, the right password too', async () => {
    const wrong = await Promise.all(
      Array.from({ length: FAILURES_BEFORE_WAIT }, (_, i) => signIn(owner.email, `guess-${i}-x`)),
    );
    expect(wrong.map((answer) => answer.status)).toEqual(Array(FAILURES_BEFORE_WAIT).fill(401));

    expectWait(await signIn(owner.email, 'guess-11-x'), 0, 60);
    expectWait(await signIn(owner.email, owner.password), 0, 60);
    // Another account, from the same kind of addresses, is not slowed.
    const other = await register(anywhere());
    expect((await signIn(other.email, other.password)).status).toBe(200);
  });

  it('after the wait one more wrong password doubles it; after that the right one signs in', async () => {
    const firstWaitMs = await accountWait(owner.email);
    expect(firstWaitMs).toBeGreaterThan(0);
    expect(firstWaitMs).toBeLessThanOrEqual(60_000);

    expect((await signIn(owner.email, 'guess-after-wait')).status).toBe(401);
    expectWait(await signIn(owner.email, owner.password), 60, 120);

    const secondWaitMs = await accountWait(owner.email);
    expect(secondWaitMs).toBeGreaterThan(60_000);
    expect(secondWaitMs).toBeLessThanOrEqual(120_000);
    expect((await signIn(owner.email, owner.password)).status).toBe(200);
  });

  it('a successful sign-in clears the count: 10 more wrong passwords before the next wait', async () => {
    for (let i = 0; i < FAILURES_BEFORE_WAIT - 1; i += 1) {
      expect((await signIn(owner.email, `again-${i}-x`)).status).toBe(401);
    }
    expect((await signIn(owner.email, owner.password)).status).toBe(200);
  });

  it('an unknown e-mail waits alike, so the wait does not tell which addresses have accounts', async () => {
    const unknown = newAccount().email;
    for (let i = 0; i < FAILURES_BEFORE_WAIT; i += 1) {
      expect((await signIn(unknown, `guess-${i}-x`)).status).toBe(401);
    }
    expectWait(await signIn(unknown, 'guess-11-x'), 0, 60);
  });
});

describe('forgot-password limits through the gateway', () => {
  const forgot = (email: string, client = anywhere()) =>
    client.post<MessageResponse | ApiError>('/api/auth/forgot-password', { email });

  it('per e-mail: 5 an hour from any addresses, then 429 with Retry-After', async () => {
    const { email } = await register(anywhere());
    const answers = await Promise.all(
      Array.from({ length: FORGOT_PER_EMAIL }, () => forgot(email)),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(FORGOT_PER_EMAIL).fill(200));
    expectWait(await forgot(email), 0, 3600);
    expect((await forgot(newAccount().email)).status).toBe(200);
  });

  it('per address: 20 an hour over any e-mails, then 429 with Retry-After', async () => {
    const client = anywhere();
    const answers = await Promise.all(
      Array.from({ length: FORGOT_PER_ADDRESS }, () => forgot(newAccount().email, client)),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(FORGOT_PER_ADDRESS).fill(200));
    expectWait(await forgot(newAccount().email, client), 0, 3600);
    expect((await forgot(newAccount().email)).status).toBe(200);
  });
});

describe('common passwords', () => {
  const tooCommon = {
    status: 400,
    body: { statusCode: 400, code: 'VALIDATION', message: AUTH_MESSAGES.passwordTooCommon },
  };

  it.each(['password123', 'PassWord123', 'qwerty123', 'ILOVEYOU'])(
    'register refuses %s',
    async (password) => {
      const account = newAccount();
      const answer = await anywhere().post('/api/auth/register', { ...account, password });
      expect(statusAndBody(answer)).toEqual(tooCommon);
      expect((await signIn(account.email, password)).status).toBe(401);
    },
  );

  it('a password change to a common one is refused, the old password still signs in', async () => {
    const student = await register(anywhere());
    const answer = await anywhere().put(
      '/api/auth/password',
      { currentPassword: student.password, newPassword: 'letmein1' },
      student.token,
    );
    expect(statusAndBody(answer)).toEqual(tooCommon);
    expect((await signIn(student.email, student.password)).status).toBe(200);
  });

  it('a reset to a common one is refused and leaves the link usable', async () => {
    const student = await register(anywhere());
    await anywhere().post('/api/auth/forgot-password', { email: student.email });
    const link = tokenOf(await waitForResetLink(student.email));
    const refused = await anywhere().post(`/api/auth/reset-password/${link}`, {
      password: 'Password1',
    });
    expect(statusAndBody(refused)).toEqual(tooCommon);
    const reset = await anywhere().post(`/api/auth/reset-password/${link}`, {
      password: 'a-less-common-reset',
    });
    expect(reset.status).toBe(200);
  });
});

describe('a password change or reset ends every other session', () => {
  it('change: the changing session goes on with a fresh token, every other token is refused', async () => {
    const student = await register(anywhere());
    const otherDevice = await login(anywhere(), student);
    expect(await answersTo(anywhere(), otherDevice.token)).toEqual({ auth: 200, tests: 200 });

    const changed = await changePassword(anywhere(), student, 'changed-password-2');

    expect(await answersTo(anywhere(), otherDevice.token)).toEqual({ auth: 401, tests: 401 });
    expect(await answersTo(anywhere(), student.token)).toEqual({ auth: 401, tests: 401 });
    expect(await answersTo(anywhere(), changed.body.token)).toEqual({ auth: 200, tests: 200 });
  });

  it('reset: every token issued before is refused, the new password signs in', async () => {
    const student = await register(anywhere());
    const otherDevice = await login(anywhere(), student);
    await anywhere().post('/api/auth/forgot-password', { email: student.email });
    const link = tokenOf(await waitForResetLink(student.email));
    const reset = await anywhere().post(`/api/auth/reset-password/${link}`, {
      password: 'reset-password-2',
    });
    expect(reset.status).toBe(200);

    expect(await answersTo(anywhere(), student.token)).toEqual({ auth: 401, tests: 401 });
    expect(await answersTo(anywhere(), otherDevice.token)).toEqual({ auth: 401, tests: 401 });
    const fresh = await login(anywhere(), { ...student, password: 'reset-password-2' });
    expect(await answersTo(anywhere(), fresh.token)).toEqual({ auth: 200, tests: 200 });
  });
});
