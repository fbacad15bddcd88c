/**
 * Issue 3, through the gateway: every validation message of the account forms that the API gives for
 * register, login, forgot password, reset password, profile and password change. Each body is
 * valid except for the one rule under test, so the answer names that rule. (confirmPassword and
 * its two messages belong to the forms only: the API never takes that field.)
 */
import { TARGET_SCORE_MESSAGES, VALIDATION, type ApiError } from '@mcat/contracts';
import { newAccount, register, type SignedIn } from '@mcat/test-support/system/accounts';
import { GatewayClient } from '@mcat/test-support/system/gateway-client';

const gateway = new GatewayClient();
const valid = newAccount();

type Body = Record<string, unknown>;
interface Case {
  rule: string;
  body: Body;
  message: string;
}

/** `base` with `field` replaced, or removed when the value is `undefined`. */
function withField(base: Body, field: string, value: unknown): Body {
  const body = { ...base };
  if (value === undefined) delete body[field];
  else body[field] = value;
  return body;
}

const emailCases = (base: Body): Case[] => [
  {
    rule: 'email missing',
    body: withField(base, 'email', undefined),
    message: VALIDATION.emailRequired,
  },
  { rule: 'email empty', body: withField(base, 'email', ''), message: VALIDATION.emailRequired },
  { rule: 'email blank', body: withField(base, 'email', '   '), message: VALIDATION.emailRequired },
  {
    rule: 'email invalid',
    body: withField(base, 'email', 'not-an-email'),
    message: VALIDATION.emailInvalid,
  },
  {
    rule: 'email without domain',
    body: withField(base, 'email', 'ada@'),
    message: VALIDATION.emailInvalid,
  },
];

const newPasswordCases = (base: Body, field: string, required: string): Case[] => [
  { rule: `${field} missing`, body: withField(base, field, undefined), message: required },
  { rule: `${field} empty`, body: withField(base, field, ''), message: required },
  {
    rule: `${field} of 5 characters`,
    body: withField(base, field, '12345'),
    message: VALIDATION.passwordTooShort,
  },
];

async function expectRefused(
  method: 'POST' | 'PUT',
  path: string,
  { body, message }: Case,
  token?: string,
): Promise<void> {
  const response = await gateway.request<ApiError>(method, path, {
    json: body,
    ...(token ? { token } : {}),
  });
  expect({ status: response.status, body: response.body }).toEqual({
    status: 400,
    body: { statusCode: 400, code: 'VALIDATION', message },
  });
}

describe('register', () => {
  const base: Body = { name: valid.name, email: valid.email, password: valid.password };
  const cases: Case[] = [
    {
      rule: 'name missing',
      body: withField(base, 'name', undefined),
      message: VALIDATION.nameRequired,
    },
    { rule: 'name empty', body: withField(base, 'name', ''), message: VALIDATION.nameRequired },
    { rule: 'name blank', body: withField(base, 'name', '   '), message: VALIDATION.nameRequired },
    ...emailCases(base),
    ...newPasswordCases(base, 'password', VALIDATION.passwordRequired),
  ];

  it.each(cases)('$rule: 400 "$message"', (c) => expectRefused('POST', '/api/auth/register', c));

  it('stores nothing for a refused body: the same e-mail registers afterwards', async () => {
    await expect(register(gateway, valid)).resolves.toMatchObject({ user: { email: valid.email } });
  });
});

describe('login', () => {
  const base: Body = { email: valid.email, password: valid.password };
  const cases: Case[] = [
    ...emailCases(base),
    {
      rule: 'password missing',
      body: withField(base, 'password', undefined),
      message: VALIDATION.passwordRequired,
    },
    {
      rule: 'password empty',
      body: withField(base, 'password', ''),
      message: VALIDATION.passwordRequired,
    },
  ];

  it.each(cases)('$rule: 400 "$message"', (c) => expectRefused('POST', '/api/auth/login', c));
});

describe('forgot password', () => {
  it.each(emailCases({ email: valid.email }))('$rule: 400 "$message"', (c) =>
    expectRefused('POST', '/api/auth/forgot-password', c),
  );
});

describe('reset password', () => {
  const token = 'A'.repeat(43);
  it.each(
    newPasswordCases({ password: 'new-password-1' }, 'password', VALIDATION.passwordRequired),
  )('$rule: 400 "$message"', (c) => expectRefused('POST', `/api/auth/reset-password/${token}`, c));
});

describe('signed in', () => {
  let signedIn: SignedIn;
  beforeAll(async () => {
    signedIn = await register(gateway);
  });

  describe('profile', () => {
    const base: Body = {
      name: 'Renamed Student',
      email: newAccount().email,
      plannedTestingDate: null,
    };
    const cases: Case[] = [
      {
        rule: 'name missing',
        body: withField(base, 'name', undefined),
        message: VALIDATION.nameRequired,
      },
      { rule: 'name blank', body: withField(base, 'name', '  '), message: VALIDATION.nameRequired },
      ...emailCases(base),
      {
        rule: 'targetScore below 472',
        body: withField(base, 'targetScore', 471),
        message: TARGET_SCORE_MESSAGES.tooLow,
      },
      {
        rule: 'targetScore above 528',
        body: withField(base, 'targetScore', 529),
        message: TARGET_SCORE_MESSAGES.tooHigh,
      },
      {
        rule: 'targetScore not whole',
        body: withField(base, 'targetScore', 510.5),
        message: TARGET_SCORE_MESSAGES.notWhole,
      },
      {
        rule: 'targetScore not a number',
        body: withField(base, 'targetScore', { score: 510 }),
        message: TARGET_SCORE_MESSAGES.notWhole,
      },
    ];

    it.each(cases)('$rule: 400 "$message"', (c) =>
      expectRefused('PUT', '/api/auth/me', c, signedIn.token),
    );

    it('refuses a planned testing date that is not a calendar date', async () => {
      const response = await gateway.put<ApiError>(
        '/api/auth/me',
        { ...base, plannedTestingDate: '2026-02-31' },
        signedIn.token,
      );
      expect(response.status).toBe(400);
    });
  });

  describe('password change', () => {
    const base: Body = { currentPassword: valid.password, newPassword: 'new-password-1' };
    const cases: Case[] = [
      {
        rule: 'currentPassword missing',
        body: withField(base, 'currentPassword', undefined),
        message: VALIDATION.currentPasswordRequired,
      },
      {
        rule: 'currentPassword empty',
        body: withField(base, 'currentPassword', ''),
        message: VALIDATION.currentPasswordRequired,
      },
      ...newPasswordCases(base, 'newPassword', VALIDATION.newPasswordRequired),
    ];

    it.each(cases)('$rule: 400 "$message"', (c) =>
      expectRefused('PUT', '/api/auth/password', c, signedIn.token),
    );
  });
});
