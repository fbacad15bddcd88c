/**
 * Issue 3, through the gateway: the password reset flow with the link read from the mail the
 * stack's SMTP catcher stored, sessions ended by a password change or reset (at auth and at the
 * tests service), forged tokens, and no internal field in any auth answer.
 */
import {
  AUTH_MESSAGES,
  ERRORS,
  type ApiError,
  type AuthResponse,
  type MessageResponse,
  type User,
} from '@mcat/contracts';
import { login, newAccount, register, type Account } from '@mcat/test-support/system/accounts';
import {
  expiredToken,
  hs256WithPublicKeyToken,
  renewedToken,
  tamperedToken,
  unsignedToken,
} from './support/forged-tokens';
import { GatewayClient } from '@mcat/test-support/system/gateway-client';
import { waitForResetLink } from '@mcat/test-support/system/mailbox';
import { expectPublicAnswer, expectPublicUser } from './support/public-fields';
import { answersTo, changePassword, statusAndBody, tokenOf } from './support/sessions';
import { systemEnv } from '@mcat/test-support/system/system-env';

const gateway = new GatewayClient();

const UNAUTHORIZED = {
  status: 401,
  body: { statusCode: 401, code: 'UNAUTHENTICATED', message: expect.any(String) },
};

describe('password reset through the mail', () => {
  let account: Account;
  let tokenBeforeReset: string;

  beforeAll(async () => {
    const signedIn = await register(gateway);
    account = signedIn;
    tokenBeforeReset = signedIn.token;
  });

  it('answers an existing and an unknown address alike', async () => {
    const known = expectPublicAnswer(
      await gateway.post('/api/auth/forgot-password', { email: account.email }),
    );
    const unknown = await gateway.post('/api/auth/forgot-password', {
      email: newAccount().email,
    });
    expect(statusAndBody(known)).toEqual({
      status: 200,
      body: { message: AUTH_MESSAGES.resetRequested },
    });
    expect(statusAndBody(unknown)).toEqual(statusAndBody(known));
  });

  it('mails a link to the reset page of the product that validates', async () => {
    const link = await waitForResetLink(account.email);
    expect(link.startsWith(`${systemEnv.baseUrl}/reset-password/`)).toBe(true);
    expect(tokenOf(link)).toMatch(/^[\w-]{43}$/);
    const check = expectPublicAnswer(
      await gateway.get<MessageResponse>(`/api/auth/reset-password/${tokenOf(link)}`),
    );
    expect(check.status).toBe(200);
  });

  it('voids the older link when a newer one is issued, resets once, and ends old sessions', async () => {
    const older = tokenOf(await waitForResetLink(account.email, 1));
    await gateway.post('/api/auth/forgot-password', { email: account.email });
    const newer = tokenOf(await waitForResetLink(account.email, 2));
    expect(newer).not.toBe(older);

    const invalid = {
      status: 400,
      body: { statusCode: 400, code: 'VALIDATION', message: ERRORS.invalidResetToken },
    };
    expect(statusAndBody(await gateway.get(`/api/auth/reset-password/${older}`))).toEqual(invalid);
    expect(
      statusAndBody(
        await gateway.post(`/api/auth/reset-password/${older}`, { password: 'older-link-pass' }),
      ),
    ).toEqual(invalid);

    const reset = expectPublicAnswer(
      await gateway.post<MessageResponse>(`/api/auth/reset-password/${newer}`, {
        password: 'reset-password-2',
      }),
    );
    expect(statusAndBody(reset)).toEqual({
      status: 200,
      body: { message: AUTH_MESSAGES.passwordReset },
    });

    expect(statusAndBody(await gateway.get(`/api/auth/reset-password/${newer}`))).toEqual(invalid);
    expect(
      statusAndBody(
        await gateway.post(`/api/auth/reset-password/${newer}`, { password: 'reused-link-3' }),
      ),
    ).toEqual(invalid);

    const oldPassword = await gateway.post('/api/auth/login', {
      email: account.email,
      password: account.password,
    });
    expect(statusAndBody(oldPassword)).toEqual({
      status: 401,
      body: { statusCode: 401, code: 'UNAUTHENTICATED', message: AUTH_MESSAGES.invalidCredentials },
    });
    const fresh = await login(gateway, { ...account, password: 'reset-password-2' });

    expect(await answersTo(gateway, tokenBeforeReset)).toEqual({ auth: 401, tests: 401 });
    expect(await answersTo(gateway, fresh.token)).toEqual({ auth: 200, tests: 200 });
  });
});

describe('password change', () => {
  it('refuses a wrong current password, then changes it and ends older sessions', async () => {
    const signedIn = await register(gateway);
    const wrong = expectPublicAnswer(
      await gateway.put(
        '/api/auth/password',
        { currentPassword: 'not-the-password', newPassword: 'changed-password-2' },
        signedIn.token,
      ),
    );
    expect(statusAndBody(wrong)).toEqual({
      status: 400,
      body: {
        statusCode: 400,
        code: 'VALIDATION',
        message: AUTH_MESSAGES.currentPasswordIncorrect,
      },
    });
    expect(await answersTo(gateway, signedIn.token)).toEqual({ auth: 200, tests: 200 });

    await changePassword(gateway, signedIn, 'changed-password-2');

    expect(await answersTo(gateway, signedIn.token)).toEqual({ auth: 401, tests: 401 });
    const again = await login(gateway, { ...signedIn, password: 'changed-password-2' });
    expect(await answersTo(gateway, again.token)).toEqual({ auth: 200, tests: 200 });
  });
});

describe('accounts', () => {
  it('trims and lower-cases the e-mail, refuses it taken, and logs in with it', async () => {
    const account = newAccount();
    const registered = expectPublicAnswer(
      await gateway.post<AuthResponse>('/api/auth/register', {
        name: account.name,
        email: `  ${account.email.toUpperCase()}  `,
        password: account.password,
        plannedTestingDate: '2026-09-12',
      }),
    );
    expect(registered.status).toBe(201);
    expect(registered.body.user).toEqual({
      _id: expect.stringMatching(/^[0-9a-f]{24}$/),
      name: account.name,
      email: account.email,
      plannedTestingDate: '2026-09-12',
      targetScore: null,
      isPremium: false,
      roles: ['student'],
      reviewReminders: { enabled: false, hour: 18, timeZone: 'UTC' },
    });

    const taken = await gateway.post('/api/auth/register', {
      name: 'Someone Else',
      email: account.email,
      password: 'another-password',
    });
    expect(statusAndBody(taken)).toEqual({
      status: 409,
      body: { statusCode: 409, code: 'DUPLICATE', message: AUTH_MESSAGES.emailTaken },
    });

    expectPublicAnswer(await gateway.post('/api/auth/login', account));
    expectPublicUser(await gateway.get('/api/auth/me', registered.body.token));
  });

  it('gives one 401 message for a wrong password and for an unknown e-mail', async () => {
    const signedIn = await register(gateway);
    const wrongPassword = await gateway.post('/api/auth/login', {
      email: signedIn.email,
      password: 'wrong-password',
    });
    const unknownEmail = await gateway.post('/api/auth/login', {
      email: newAccount().email,
      password: signedIn.password,
    });
    expect(statusAndBody(wrongPassword)).toEqual({
      status: 401,
      body: { statusCode: 401, code: 'UNAUTHENTICATED', message: AUTH_MESSAGES.invalidCredentials },
    });
    expect(statusAndBody(unknownEmail)).toEqual(statusAndBody(wrongPassword));
  });

  it('updates the profile, keeps e-mails unique, and clears the date with null', async () => {
    const other = await register(gateway);
    const signedIn = await register(gateway);
    const newEmail = newAccount().email;
    const updated = expectPublicUser(
      await gateway.put<User>(
        '/api/auth/me',
        { name: 'Renamed Student', email: newEmail, plannedTestingDate: '2026-08-01' },
        signedIn.token,
      ),
    );
    expect(statusAndBody(updated)).toEqual({
      status: 200,
      body: {
        ...signedIn.user,
        name: 'Renamed Student',
        email: newEmail,
        plannedTestingDate: '2026-08-01',
      },
    });

    const cleared = expectPublicUser(
      await gateway.put<User>(
        '/api/auth/me',
        { name: 'Renamed Student', email: newEmail, plannedTestingDate: null },
        signedIn.token,
      ),
    );
    expect(cleared.body.plannedTestingDate).toBeNull();

    const taken = await gateway.put<ApiError>(
      '/api/auth/me',
      { name: 'Renamed Student', email: other.email, plannedTestingDate: null },
      signedIn.token,
    );
    expect(taken.status).toBe(409);
  });
});

describe('tokens the gateway refuses', () => {
  let token: string;
  beforeAll(async () => {
    token = (await register(gateway)).token;
  });

  it('accepts the real token, and one re-signed with the stack key (so forging is sound)', async () => {
    expect(await answersTo(gateway, token)).toEqual({ auth: 200, tests: 200 });
    expect(await answersTo(gateway, renewedToken(token))).toEqual({ auth: 200, tests: 200 });
  });

  it.each([
    ['tampered', tamperedToken],
    ['expired', expiredToken],
    ['alg none', unsignedToken],
    ['HS256 signed with the public key', hs256WithPublicKeyToken],
  ])('%s: 401 with a JSON message', async (_kind, forge) => {
    const forged = forge(token);
    for (const path of ['/api/auth/me', '/api/tests', '/api/questions']) {
      expect(statusAndBody(await gateway.get(path, forged))).toEqual(UNAUTHORIZED);
    }
  });

  it('no token, or not a JWT: 401', async () => {
    expect(statusAndBody(await gateway.get('/api/tests'))).toEqual(UNAUTHORIZED);
    expect(statusAndBody(await gateway.get('/api/auth/me', 'not.a.jwt'))).toEqual(UNAUTHORIZED);
  });
});
