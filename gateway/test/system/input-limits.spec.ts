/**
 * Input limits through the gateway (docs/adr/0012-input-limits.md): every text field of every
 * request body and search query has a maximum, one character over it answers 400 with the
 * contracts' message and the limit itself is accepted; lists of tags are bounded; JSON routes take
 * only JSON (415 otherwise); an oversized body answers 413 with or without a content-length and is
 * never stored; the spreadsheet import answers 400 to a malformed multipart body and holds its
 * 2 MB (2 MiB) limit to the byte.
 */
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { randomInt, randomUUID } from 'node:crypto';
import { request } from 'node:http';
import {
  AUTH_MESSAGES,
  COUPON_CODE_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  EVENT_TYPE_FILTER_MAX_LENGTH,
  IMPORT_FILE_MAX_BYTES,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PROVIDER_ID_MAX_LENGTH,
  QUESTION_TEXT_MAX_LENGTH,
  REQUEST_MESSAGES,
  SIGN_IN_PASSWORD_MAX_LENGTH,
  SOURCE_MAX_LENGTH,
  STATUS_FILTER_MAX_LENGTH,
  TOO_LONG,
  TOPIC_TAG_MAX_LENGTH,
  TOPIC_TAGS_MAX,
  VALIDATION,
  type ApiError,
  type AuthResponse,
  type Question,
  type Test,
} from '@mcat/contracts';
import {
  login,
  newAccount,
  register,
  type Account,
  type SignedIn,
} from '@mcat/test-support/system/accounts';
import { GatewayClient, type GatewayResponse } from '@mcat/test-support/system/gateway-client';
import { waitForResetLink } from '@mcat/test-support/system/mailbox';
import { grantRole } from './support/staff';
import {
  createTest,
  questionBody,
  testBody,
  TEST_SAMPLES,
} from '@mcat/test-support/system/study-data';
import { systemEnv } from '@mcat/test-support/system/system-env';

/** A client of its own address per use, so the per-address sign-in limits never interfere. */
const fresh = (): GatewayClient => new GatewayClient();
const gateway = fresh();

/** The gateway's default BODY_LIMIT (1 MiB). */
const BODY_LIMIT = 1024 * 1024;

const text = (length: number, letter = 'a'): string => letter.repeat(length);

/** A unique, valid e-mail address of exactly `length` characters (dot-separated labels). */
function emailOfLength(length: number): string {
  const local = `u${randomUUID().replace(/-/g, '')}`.padEnd(64, 'u');
  const domainLength = length - local.length - 1 - '.com'.length;
  const labels = Array.from({ length: domainLength }, (_, i) => (i % 61 === 60 ? '.' : 'd'));
  if (labels[labels.length - 1] === '.') labels[labels.length - 1] = 'd';
  return `${local}@${labels.join('')}.com`;
}

const statusAndMessage = (response: GatewayResponse<unknown>) => ({
  status: response.status,
  message: (response.body as Partial<ApiError> | null)?.message,
});

/** A JSON body over BODY_LIMIT with its content-length declared answers 413. */
const expectDeclaredTooLarge = async (
  client: GatewayClient,
  method: string,
  path: string,
  token: string,
  oversized: Buffer,
): Promise<void> => {
  const declared = await client.request(method, path, {
    token,
    payload: oversized,
    headers: { 'content-type': 'application/json' },
  });
  expect(statusAndMessage(declared)).toEqual({
    status: 413,
    message: REQUEST_MESSAGES.bodyTooLarge,
  });
};

const refused = (message: string) => ({ status: 400, message });

/** A body sent with chunked transfer-encoding (no content-length), from its own address. */
function sendChunked(
  path: string,
  contentType: string,
  chunks: readonly Buffer[],
  token: string,
): Promise<{ status: number; body: string }> {
  const base = new URL(systemEnv.baseUrl);
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        host: base.hostname,
        port: base.port,
        localAddress: `127.${randomInt(1, 255)}.${randomInt(0, 256)}.${randomInt(1, 255)}`,
        method: 'POST',
        path,
        headers: {
          'content-type': contentType,
          'transfer-encoding': 'chunked',
          authorization: `Bearer ${token}`,
        },
      },
      (incoming) => {
        const parts: Buffer[] = [];
        incoming.on('data', (part: Buffer) => parts.push(part));
        incoming.on('end', () =>
          resolve({ status: incoming.statusCode ?? 0, body: Buffer.concat(parts).toString() }),
        );
        incoming.on('error', reject);
      },
    );
    // The gateway may answer and close before the whole body is written.
    outgoing.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE' && error.code !== 'ECONNRESET') reject(error);
    });
    for (const chunk of chunks) outgoing.write(chunk);
    outgoing.end();
  });
}

describe('text fields of the account routes', () => {
  const registerBody = (fields: Record<string, unknown>) => ({
    name: 'Limit Student',
    email: newAccount().email,
    password: 'first-password-1',
    ...fields,
  });

  it.each([
    ['name', NAME_MAX_LENGTH, TOO_LONG.name, (n: number) => text(n)],
    ['email', EMAIL_MAX_LENGTH, TOO_LONG.email, emailOfLength],
    ['password', PASSWORD_MAX_LENGTH, TOO_LONG.password, (n: number) => text(n, 'p')],
  ] as const)(
    'register %s: %i characters accepted, one more 400',
    async (field, max, message, value) => {
      const client = fresh();
      const over = await client.post(
        '/api/auth/register',
        registerBody({ [field]: value(max + 1) }),
      );
      expect(statusAndMessage(over)).toEqual(refused(message));
      const at = await client.post<AuthResponse>(
        '/api/auth/register',
        registerBody({ [field]: value(max) }),
      );
      expect(at.status).toBe(201);
      expect(at.body.token).toEqual(expect.any(String));
    },
  );

  describe('with an account whose e-mail and password are at their limits', () => {
    const longest: Account = {
      name: text(NAME_MAX_LENGTH),
      email: emailOfLength(EMAIL_MAX_LENGTH),
      password: text(PASSWORD_MAX_LENGTH, 'p'),
    };
    let signedIn: SignedIn;
    beforeAll(async () => {
      signedIn = await register(fresh(), longest);
    });

    it('login: the longest e-mail and password sign in; one more e-mail character is 400', async () => {
      const client = fresh();
      expect((await login(client, longest)).user.email).toBe(longest.email);
      const longEmail = await client.post('/api/auth/login', {
        email: `x${longest.email}`,
        password: longest.password,
      });
      expect(statusAndMessage(longEmail)).toEqual(refused(TOO_LONG.email));
    });

    it(`login: a password of ${SIGN_IN_PASSWORD_MAX_LENGTH} characters is checked (a longer one chosen before the limit still signs in), one more is 400`, async () => {
      const client = fresh();
      const checked = await client.post('/api/auth/login', {
        email: longest.email,
        password: text(SIGN_IN_PASSWORD_MAX_LENGTH, 'p'),
      });
      expect(statusAndMessage(checked)).toEqual({
        status: 401,
        message: AUTH_MESSAGES.invalidCredentials,
      });
      const over = await client.post('/api/auth/login', {
        email: longest.email,
        password: text(SIGN_IN_PASSWORD_MAX_LENGTH + 1, 'p'),
      });
      expect(statusAndMessage(over)).toEqual(refused(TOO_LONG.signInPassword));
    });

    it('password change: current and new password at the limit work, one more is 400', async () => {
      const next = text(PASSWORD_MAX_LENGTH, 'q');
      for (const [body, message] of [
        [
          {
            currentPassword: text(SIGN_IN_PASSWORD_MAX_LENGTH + 1, 'p'),
            newPassword: 'new-password-1',
          },
          TOO_LONG.signInPassword,
        ],
        [{ currentPassword: longest.password, newPassword: `${next}q` }, TOO_LONG.password],
      ] as const) {
        const over = await gateway.put('/api/auth/password', body, signedIn.token);
        expect(statusAndMessage(over)).toEqual(refused(message));
      }
      const at = await gateway.put(
        '/api/auth/password',
        { currentPassword: longest.password, newPassword: next },
        signedIn.token,
      );
      expect(at.status).toBe(200);
      signedIn = await login(fresh(), { ...longest, password: next });
    });

    it('profile: name and e-mail at their limits are saved, one more is 400', async () => {
      const base = { name: 'Renamed', email: longest.email, plannedTestingDate: null };
      for (const [field, max, message, value] of [
        ['name', NAME_MAX_LENGTH, TOO_LONG.name, (n: number) => text(n, 'n')],
        ['email', EMAIL_MAX_LENGTH, TOO_LONG.email, emailOfLength],
      ] as const) {
        const over = await gateway.put(
          '/api/auth/me',
          { ...base, [field]: value(max + 1) },
          signedIn.token,
        );
        expect(statusAndMessage(over)).toEqual(refused(message));
        const at = await gateway.put(
          '/api/auth/me',
          { ...base, [field]: value(max) },
          signedIn.token,
        );
        expect(at.status).toBe(200);
      }
    });
  });

  it('forgot password: an e-mail of 254 characters is answered, 255 is 400', async () => {
    const client = fresh();
    const over = await client.post('/api/auth/forgot-password', {
      email: emailOfLength(EMAIL_MAX_LENGTH + 1),
    });
    expect(statusAndMessage(over)).toEqual(refused(TOO_LONG.email));
    // No account has it, so no mail is sent: the generic answer.
    const at = await client.post('/api/auth/forgot-password', {
      email: emailOfLength(EMAIL_MAX_LENGTH),
    });
    expect(at.status).toBe(200);
  });

  it('reset password: a password one over the limit is 400, the longest is set and signs in', async () => {
    const account = newAccount();
    await register(fresh(), account);
    expect((await fresh().post('/api/auth/forgot-password', { email: account.email })).status).toBe(
      200,
    );
    const link = await waitForResetLink(account.email);
    const path = `/api/auth/reset-password/${new URL(link).pathname.split('/').pop() ?? ''}`;
    const over = await gateway.post(path, { password: text(PASSWORD_MAX_LENGTH + 1, 'r') });
    expect(statusAndMessage(over)).toEqual(refused(TOO_LONG.password));
    const at = await gateway.post(path, { password: text(PASSWORD_MAX_LENGTH, 'r') });
    expect(at.status).toBe(200);
    const again = await login(fresh(), { ...account, password: text(PASSWORD_MAX_LENGTH, 'r') });
    expect(again.token).toEqual(expect.any(String));
  });
});

describe('text fields and lists of tests and questions', () => {
  let student: SignedIn;
  let test: Test;
  beforeAll(async () => {
    student = await register(fresh());
    test = await createTest(gateway, student.token, TEST_SAMPLES[0]);
  });

  const listedQuestions = async (): Promise<Question[]> =>
    (await gateway.get<Question[]>('/api/questions', student.token)).body;

  it('tests: a source of 101 characters is 400 (spec message) on create and update; 100 is saved', async () => {
    const body = (source: string) => testBody({ ...TEST_SAMPLES[1], source });
    const overSource = text(SOURCE_MAX_LENGTH + 1, 's');
    expect(
      statusAndMessage(await gateway.post('/api/tests', body(overSource), student.token)),
    ).toEqual(refused(VALIDATION.sourceTooLong));
    expect(
      statusAndMessage(
        await gateway.put(`/api/tests/${test._id}`, body(overSource), student.token),
      ),
    ).toEqual(refused(VALIDATION.sourceTooLong));
    const at = await gateway.put<Test>(
      `/api/tests/${test._id}`,
      body(text(SOURCE_MAX_LENGTH, 's')),
      student.token,
    );
    expect({ status: at.status, source: at.body.source }).toEqual({
      status: 200,
      source: text(SOURCE_MAX_LENGTH, 's'),
    });
  });

  it.each([
    ['wrongAnswerReason', TOO_LONG.wrongAnswerReason],
    ['rightAnswerReason', TOO_LONG.rightAnswerReason],
    ['improvementPlan', TOO_LONG.improvementPlan],
  ] as const)(
    'questions %s: 5,000 characters saved on create and update, 5,001 refused',
    async (field, message) => {
      const over = { [field]: text(QUESTION_TEXT_MAX_LENGTH + 1, 'w') };
      const at = { [field]: text(QUESTION_TEXT_MAX_LENGTH, 'w') };
      const created = await gateway.post<Question>(
        '/api/questions',
        questionBody(test._id, over),
        student.token,
      );
      expect(statusAndMessage(created)).toEqual(refused(message));
      const saved = await gateway.post<Question>(
        '/api/questions',
        questionBody(test._id, at),
        student.token,
      );
      expect(saved.status).toBe(201);
      expect(saved.body[field]).toBe(at[field]);
      const updated = await gateway.put(
        `/api/questions/${saved.body._id}`,
        questionBody(test._id, over),
        student.token,
      );
      expect(statusAndMessage(updated)).toEqual(refused(message));
      const kept = await gateway.put<Question>(
        `/api/questions/${saved.body._id}`,
        questionBody(test._id, at),
        student.token,
      );
      expect(kept.status).toBe(200);
    },
  );

  it('questions: 20 tags of 50 characters are saved; a 51-character tag or 21 tags are 400', async () => {
    const tags = (count: number, length: number) =>
      Array.from({ length: count }, (_, i) => `${i}`.padStart(length, 't'));
    for (const [topicTags, message] of [
      [tags(1, TOPIC_TAG_MAX_LENGTH + 1), TOO_LONG.topicTag],
      [tags(TOPIC_TAGS_MAX + 1, 10), TOO_LONG.topicTags],
    ] as const) {
      const response = await gateway.post(
        '/api/questions',
        questionBody(test._id, { topicTags }),
        student.token,
      );
      expect(statusAndMessage(response)).toEqual(refused(message));
    }
    const most = tags(TOPIC_TAGS_MAX, TOPIC_TAG_MAX_LENGTH);
    const saved = await gateway.post<Question>(
      '/api/questions',
      questionBody(test._id, { topicTags: most }),
      student.token,
    );
    expect({ status: saved.status, tags: saved.body.topicTags }).toEqual({
      status: 201,
      tags: most,
    });
  });

  it('a 1 MB explanation is refused and never stored or listed', async () => {
    const before = (await listedQuestions()).length;
    const huge = text(1_000_000, 'h');
    const response = await gateway.post(
      '/api/questions',
      questionBody(test._id, { wrongAnswerReason: huge }),
      student.token,
    );
    expect([400, 413]).toContain(response.status);
    const after = await listedQuestions();
    expect(after).toHaveLength(before);
    expect(after.some((q) => q.wrongAnswerReason.length > QUESTION_TEXT_MAX_LENGTH)).toBe(false);
  });

  it('search: a topic tag filter of 50 characters is searched, 51 is 400', async () => {
    const at = await gateway.get(
      `/api/questions/search?topicTag=${text(TOPIC_TAG_MAX_LENGTH, 'f')}`,
      student.token,
    );
    expect(at.status).toBe(200);
    const over = await gateway.get(
      `/api/questions/search?topicTag=${text(TOPIC_TAG_MAX_LENGTH + 1, 'f')}`,
      student.token,
    );
    expect(statusAndMessage(over)).toEqual(refused(TOO_LONG.topicTagFilter));
  });
});

describe('text fields of the premium purchase and the billing lists', () => {
  let student: SignedIn;
  beforeAll(async () => {
    student = await register(fresh());
  });

  it('coupon code: 100 characters reach the coupon check, 101 are 400', async () => {
    const at = await gateway.post(
      '/api/auth/apply-coupon',
      { couponCode: text(COUPON_CODE_MAX_LENGTH, 'C') },
      student.token,
    );
    expect(statusAndMessage(at)).toEqual(refused('Invalid coupon code'));
    const over = await gateway.post(
      '/api/auth/apply-coupon',
      { couponCode: text(COUPON_CODE_MAX_LENGTH + 1, 'C') },
      student.token,
    );
    expect(statusAndMessage(over)).toEqual(refused(TOO_LONG.couponCode));
  });

  it.each([
    ['/api/auth/create-payment-intent', 'couponId', TOO_LONG.couponId],
    ['/api/auth/confirm-premium', 'paymentIntentId', TOO_LONG.paymentIntentId],
  ] as const)(
    '%s: a %s of 256 characters is 400, 255 is not refused for length',
    async (path, field, message) => {
      const over = await gateway.post(
        path,
        { [field]: text(PROVIDER_ID_MAX_LENGTH + 1, 'i') },
        student.token,
      );
      expect(statusAndMessage(over)).toEqual(refused(message));
      const at = await gateway.post(
        path,
        { [field]: text(PROVIDER_ID_MAX_LENGTH, 'i') },
        student.token,
      );
      expect(statusAndMessage(at).message).not.toBe(message);
    },
  );

  it("billing staff's list filters: at their limits searched, one more 400", async () => {
    const staff = await register(fresh());
    const granted = await grantRole(staff.email, 'billing');
    expect(granted.code).toBe(0);
    const { token } = await login(fresh(), staff);
    for (const [param, max, message, value] of [
      ['email', EMAIL_MAX_LENGTH, TOO_LONG.emailFilter, (n: number) => text(n, 'e')],
      ['type', EVENT_TYPE_FILTER_MAX_LENGTH, TOO_LONG.typeFilter, (n: number) => text(n, 'y')],
      ['status', STATUS_FILTER_MAX_LENGTH, TOO_LONG.statusFilter, (n: number) => text(n, 's')],
    ] as const) {
      const at = await gateway.get(`/api/billing/events?${param}=${value(max)}`, token);
      expect(at.status).toBe(200);
      const over = await gateway.get(`/api/billing/payments?${param}=${value(max + 1)}`, token);
      expect(statusAndMessage(over)).toEqual(refused(message));
    }
  });
});

describe('request bodies', () => {
  let account: Account;
  let student: SignedIn;
  let test: Test;
  beforeAll(async () => {
    account = newAccount();
    student = await register(fresh(), account);
    test = await createTest(gateway, student.token, TEST_SAMPLES[0]);
  });

  it('a form-encoded sign-in is 415 and gives no token', async () => {
    const form = new URLSearchParams({ email: account.email, password: account.password });
    const response = await fresh().request<Record<string, unknown>>('POST', '/api/auth/login', {
      payload: Buffer.from(form.toString()),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(statusAndMessage(response)).toEqual({
      status: 415,
      message: REQUEST_MESSAGES.unsupportedContentType,
    });
    expect(response.raw.toString()).not.toContain('token');
  });

  it.each([
    ['/api/auth/login', 'text/plain'],
    ['/api/auth/login', 'text/plain; charset=utf-8'],
    ['/api/auth/register', 'application/x-www-form-urlencoded'],
    ['/api/tests', 'text/plain'],
    ['/api/questions', 'application/xml'],
    ['/api/auth/apply-coupon', 'multipart/form-data; boundary=x'],
  ])('%s with a %s body is 415', async (path, contentType) => {
    const response = await fresh().request('POST', path, {
      token: student.token,
      payload: Buffer.from(JSON.stringify({ email: account.email, password: account.password })),
      headers: { 'content-type': contentType },
    });
    expect(statusAndMessage(response)).toEqual({
      status: 415,
      message: REQUEST_MESSAGES.unsupportedContentType,
    });
  });

  it.each(['gzip', 'br', 'deflate'])(
    'a %s-compressed JSON body is 415, never inflated, and nothing is stored',
    async (encoding) => {
      const before = (await gateway.get<Question[]>('/api/questions', student.token)).body.length;
      const json = Buffer.from(JSON.stringify(questionBody(test._id)));
      const compress = { gzip: gzipSync, br: brotliCompressSync, deflate: deflateSync }[encoding];
      const response = await gateway.request('POST', '/api/questions', {
        token: student.token,
        payload: compress!(json),
        headers: { 'content-type': 'application/json', 'content-encoding': encoding },
      });
      expect(statusAndMessage(response)).toEqual({
        status: 415,
        message: REQUEST_MESSAGES.unsupportedContentEncoding,
      });
      const after = await gateway.get<Question[]>('/api/questions', student.token);
      expect(after.body).toHaveLength(before);
    },
  );

  it('JSON with "application/json; charset=utf-8" signs in', async () => {
    const response = await fresh().request<AuthResponse>('POST', '/api/auth/login', {
      payload: Buffer.from(JSON.stringify({ email: account.email, password: account.password })),
      headers: { 'content-type': 'application/json; charset=utf-8' },
    });
    expect(response.status).toBe(200);
    expect(response.body.token).toEqual(expect.any(String));
  });

  it('a JSON body over BODY_LIMIT is 413, with a content-length and chunked, and nothing is stored', async () => {
    const before = (await gateway.get<Question[]>('/api/questions', student.token)).body.length;
    const oversized = Buffer.from(
      JSON.stringify(questionBody(test._id, { wrongAnswerReason: text(BODY_LIMIT + 1, 'o') })),
    );
    await expectDeclaredTooLarge(gateway, 'POST', '/api/questions', student.token, oversized);
    const chunks = Array.from({ length: Math.ceil(oversized.length / 65536) }, (_, i) =>
      oversized.subarray(i * 65536, (i + 1) * 65536),
    );
    const chunked = await sendChunked('/api/questions', 'application/json', chunks, student.token);
    expect(chunked.status).toBe(413);
    expect(JSON.parse(chunked.body)).toEqual({
      statusCode: 413,
      code: 'PAYLOAD_TOO_LARGE',
      message: REQUEST_MESSAGES.bodyTooLarge,
    });
    const after = await gateway.get<Question[]>('/api/questions', student.token);
    expect(after.body).toHaveLength(before);
  });

  describe('the account deletion (DELETE /api/auth/me)', () => {
    let doomed: SignedIn;
    let doomedAccount: Account;
    beforeAll(async () => {
      doomedAccount = newAccount();
      doomed = await register(fresh(), doomedAccount);
    });

    const stillThere = async () => {
      expect((await gateway.get('/api/auth/me', doomed.token)).status).toBe(200);
      const again = await login(fresh(), doomedAccount);
      expect(again.user.email).toBe(doomedAccount.email);
    };

    it.each(['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x'])(
      'a %s body with the right password is 415 and deletes nothing',
      async (contentType) => {
        const payload =
          contentType === 'application/x-www-form-urlencoded'
            ? new URLSearchParams({ password: doomedAccount.password }).toString()
            : JSON.stringify({ password: doomedAccount.password });
        const response = await fresh().request('DELETE', '/api/auth/me', {
          token: doomed.token,
          payload: Buffer.from(payload),
          headers: { 'content-type': contentType },
        });
        expect(statusAndMessage(response)).toEqual({
          status: 415,
          message: REQUEST_MESSAGES.unsupportedContentType,
        });
        await stillThere();
      },
    );

    it('a body over BODY_LIMIT with the right password is 413 and deletes nothing', async () => {
      const oversized = Buffer.from(
        JSON.stringify({ password: doomedAccount.password, padding: text(BODY_LIMIT + 1, 'p') }),
      );
      await expectDeclaredTooLarge(fresh(), 'DELETE', '/api/auth/me', doomed.token, oversized);
      await stillThere();
    });
  });

  describe('the spreadsheet import', () => {
    const IMPORT = '/api/tests/import/excel';
    const xlsx = (size: number): Buffer => {
      const content = Buffer.alloc(size, 0x41);
      Buffer.from([0x50, 0x4b, 0x03, 0x04]).copy(content);
      return content;
    };
    const upload = (content: Buffer) =>
      gateway.upload(
        IMPORT,
        {
          field: 'file',
          filename: 'tests.xlsx',
          contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          content,
        },
        student.token,
      );

    it.each([
      [
        'a body that never closes its boundary',
        (b: string) =>
          `--${b}\r\nContent-Disposition: form-data; name="file"; filename="a.xlsx"\r\n\r\nPK`,
      ],
      [
        'a part whose headers are cut off',
        (b: string) => `--${b}\r\nContent-Disposition: form-data; name="file"; filen`,
      ],
    ])('%s is 400 with a clear message', async (_label, body) => {
      const boundary = 'limit-test-boundary';
      const response = await gateway.request('POST', IMPORT, {
        token: student.token,
        payload: Buffer.from(body(boundary)),
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      });
      expect(statusAndMessage(response)).toEqual(refused(REQUEST_MESSAGES.malformedUpload));
    });

    it('a multipart content type without a boundary is 400 with a clear message', async () => {
      const response = await gateway.request('POST', IMPORT, {
        token: student.token,
        payload: Buffer.from('PK'),
        headers: { 'content-type': 'multipart/form-data' },
      });
      expect(statusAndMessage(response)).toEqual(refused(REQUEST_MESSAGES.malformedUpload));
    });

    it('a file of exactly 2 MB reaches the import (not 413)', async () => {
      const response = await upload(xlsx(IMPORT_FILE_MAX_BYTES));
      expect(response.status).toBe(400);
      expect(statusAndMessage(response).message).not.toBe(REQUEST_MESSAGES.importFileTooLarge);
    });

    it('a file of 2 MB + 1 byte is 413 with the import message', async () => {
      const response = await upload(xlsx(IMPORT_FILE_MAX_BYTES + 1));
      expect(statusAndMessage(response)).toEqual({
        status: 413,
        message: REQUEST_MESSAGES.importFileTooLarge,
      });
    });
  });
});
