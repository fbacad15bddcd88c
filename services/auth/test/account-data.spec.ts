import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  ACCOUNT_DATA_FILE_NAME,
  ACCOUNT_DATA_MESSAGES,
  AUTH_MESSAGES,
  EVENT_SUBJECTS,
  VALIDATION,
  type AccountDataExport,
  type AuthResponse,
  type EventEnvelope,
  type User,
} from '@mcat/contracts';
import {
  decodeEnvelope,
  ensureEventStreams,
  INTERNAL_TOKEN_HEADER,
  SESSION_VERSIONS_SYNCED_KEY,
  sessionVersionKey,
} from '@mcat/service-kit';
import { TEST_INTERNAL_API_TOKEN } from '@mcat/service-kit/testing';
import type { CaughtMail } from '@mcat/test-support/smtp-test-server';
import { privateNats, type PrivateServer } from '@mcat/test-support/private-infra';
import { getConnectionToken } from '@nestjs/mongoose';
import Redis from 'ioredis';
import { Types, type Connection } from 'mongoose';
import { connect, type NatsConnection } from 'nats';
import { PasswordHasher } from '../src/passwords/password-hasher';
import { internalFieldsIn, startAuth, uniqueEmail, type RunningAuth } from './support/auth-app';
import { startMailerLeg, type MailerLeg } from './support/mailer-leg';

jest.setTimeout(30_000);

type Part = 'tests' | 'questions' | 'billing';

/**
 * One service's `/internal/<service>/users/:id/export`, as the real one answers: 404 without the
 * service credential (and the requests it saw), the user's part by id, or a failure when told.
 */
class ExportStub {
  readonly seen: { url: string; credential: boolean }[] = [];
  failing = false;
  private constructor(
    readonly part: Part,
    private readonly server: http.Server,
  ) {}

  static async start(part: Part): Promise<ExportStub> {
    const server = http.createServer();
    const stub = new ExportStub(part, server);
    server.on('request', (request, response) => stub.answer(request, response));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return stub;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  private answer(request: http.IncomingMessage, response: http.ServerResponse): void {
    const credential = request.headers[INTERNAL_TOKEN_HEADER] === TEST_INTERNAL_API_TOKEN;
    this.seen.push({ url: request.url ?? '', credential });
    const match = new RegExp(`^/internal/${this.part}/users/([0-9a-f]{24})/export$`).exec(
      request.url ?? '',
    );
    if (!credential || !match) return void response.writeHead(404).end();
    if (this.failing) return void response.writeHead(500).end('{}');
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify(partOf(this.part, match[1]!)));
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/** What each stub holds for a user: marked with the user's id, so a mix-up shows. */
function partOf(part: Part, userId: string): Record<string, unknown> {
  switch (part) {
    case 'tests':
      return { tests: [{ _id: `t-${userId}`, userId, source: 'AAMC FL 1', totalScore: 510 }] };
    case 'questions':
      return {
        questions: [
          { _id: `q-${userId}`, review: { nextReviewAt: '2030-01-01T00:00:00.000Z', state: {} } },
        ],
      };
    case 'billing':
      return { payments: [{ id: `pi-${userId}`, amount: 1000 }], purchases: [] };
  }
}

let nats: PrivateServer;
let nc: NatsConnection;
let auth: RunningAuth;
let mail: MailerLeg;
let redis: Redis;
const stubs = {} as Record<Part, ExportStub>;

beforeAll(async () => {
  for (const part of ['tests', 'questions', 'billing'] as const) {
    stubs[part] = await ExportStub.start(part);
  }
  nats = await privateNats();
  auth = await startAuth(
    {},
    {
      NATS_URL: nats.url,
      TESTS_INTERNAL_URL: stubs.tests.url,
      QUESTIONS_INTERNAL_URL: stubs.questions.url,
      BILLING_INTERNAL_URL: stubs.billing.url,
    },
  );
  nc = await connect({ servers: nats.url });
  await ensureEventStreams(await nc.jetstreamManager());
  mail = await startMailerLeg(auth.config.REDIS_URL, {
    BRAND_NAME: 'Test Logbook',
    SUPPORT_EMAIL: 'help@logbook.example',
  });
  redis = new Redis(auth.config.REDIS_URL);
});
afterAll(async () => {
  await redis?.quit();
  await mail?.close();
  await nc?.close();
  await auth?.close();
  await nats?.dispose();
  await Promise.all(Object.values(stubs).map((stub) => stub.close()));
});

const users = () => auth.app.get<Connection>(getConnectionToken()).collection('users');

/** Waits until the relay has published and removed the user's pending events (see events.spec.ts). */
const outboxDrained = async (userId: string) => {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const user = await users().findOne({ _id: new Types.ObjectId(userId), deletedAt: null });
    if (!user?.outbox?.length) return;
    if (Date.now() > deadline) throw new Error('The outbox was not drained');
    await new Promise((r) => setTimeout(r, 50));
  }
};

const register = async (email = uniqueEmail('data')) => {
  const body = { name: 'Rosalind', email, password: 'mcat-secret-1' };
  const answer = await auth.call<AuthResponse>('POST', '/api/auth/register', { body });
  expect(answer.status).toBe(201);
  await outboxDrained(answer.body.user._id);
  return { ...body, ...answer.body };
};

const deletedEvents = async (userId: string): Promise<EventEnvelope[]> => {
  const jsm = await nc.jetstreamManager();
  const { state } = await jsm.streams.info('AUTH');
  const found: EventEnvelope[] = [];
  for (let seq = state.first_seq; seq <= state.last_seq && state.messages > 0; seq += 1) {
    const envelope = decodeEnvelope((await jsm.streams.getMessage('AUTH', { seq })).data);
    if (
      envelope?.subject === EVENT_SUBJECTS.userDeleted &&
      (envelope.data as { userId: string }).userId === userId
    ) {
      found.push(envelope);
    }
  }
  return found;
};

const eventually = async <T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> => {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
};

const mailsTo = (address: string): CaughtMail[] =>
  mail.smtp.to(address).filter((m) => m.subject === 'Your Test Logbook account was deleted');

describe('the export of the student’s data', () => {
  it('assembles the profile and every service’s part into one attachment', async () => {
    const user = await register();
    const id = user.user._id;
    const answer = await auth.call<AccountDataExport>('GET', '/api/auth/me/export', {
      token: user.token,
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-disposition')).toBe(
      `attachment; filename="${ACCOUNT_DATA_FILE_NAME}"`,
    );
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    expect(answer.body).toEqual({
      exportedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      profile: user.user,
      ...partOf('tests', id),
      ...partOf('questions', id),
      ...partOf('billing', id),
    });
    expect(internalFieldsIn(answer.body.profile)).toEqual([]);
    for (const stub of Object.values(stubs)) {
      expect(stub.seen).toContainEqual({
        url: `/internal/${stub.part}/users/${id}/export`,
        credential: true,
      });
    }
  });

  it.each(['tests', 'questions', 'billing'] as const)(
    'answers 503 and no partial file when %s cannot answer',
    async (part) => {
      const user = await register();
      stubs[part].failing = true;
      try {
        const answer = await auth.call('GET', '/api/auth/me/export', { token: user.token });
        expect(answer.status).toBe(503);
        expect(answer.body).toEqual({
          statusCode: 503,
          code: 'UNAVAILABLE',
          message: ACCOUNT_DATA_MESSAGES.exportUnavailable(part),
        });
        expect(answer.headers.get('content-disposition')).toBeNull();
        expect(ACCOUNT_DATA_MESSAGES.exportUnavailable(part)).toMatch(/try again/);
      } finally {
        stubs[part].failing = false;
      }
    },
  );

  it('answers 401 without a token', async () => {
    const answer = await auth.call('GET', '/api/auth/me/export');
    expect(answer).toMatchObject({ status: 401, body: { code: 'UNAUTHENTICATED' } });
  });
});

describe('the deletion of the account', () => {
  it.each([
    [
      'a wrong password',
      { password: 'not-my-password' },
      ACCOUNT_DATA_MESSAGES.deletePasswordIncorrect,
    ],
    ['no password', {}, VALIDATION.passwordRequired],
    ['an empty password', { password: '' }, VALIDATION.passwordRequired],
    ['a password of the wrong type', { password: 12345678 }, VALIDATION.passwordRequired],
  ])('with %s answers 400 and deletes nothing', async (_case, body, message) => {
    const user = await register();
    const answer = await auth.call('DELETE', '/api/auth/me', { token: user.token, body });
    expect(answer).toMatchObject({ status: 400, body: { statusCode: 400, code: 'VALIDATION' } });
    expect((answer.body as { message: string }).message).toContain(message);
    const me = await auth.call<User>('GET', '/api/auth/me', { token: user.token });
    expect(me).toMatchObject({ status: 200, body: user.user });
    const login = await auth.call('POST', '/api/auth/login', {
      body: { email: user.email, password: user.password },
    });
    expect(login.status).toBe(200);
    expect(await deletedEvents(user.user._id)).toEqual([]);
  });

  it('refuses unknown fields and answers 401 without a token', async () => {
    const user = await register();
    const unknown = await auth.call('DELETE', '/api/auth/me', {
      token: user.token,
      body: { password: user.password, everything: true },
    });
    expect(unknown).toMatchObject({ status: 400, body: { code: 'VALIDATION' } });
    const anonymous = await auth.call('DELETE', '/api/auth/me', { body: { password: 'x' } });
    expect(anonymous).toMatchObject({ status: 401, body: { code: 'UNAUTHENTICATED' } });
    expect((await auth.call('GET', '/api/auth/me', { token: user.token })).status).toBe(200);
  });

  it('publishes auth.user.deleted, ends every session, mails a confirmation and frees the e-mail', async () => {
    const user = await register();
    const id = user.user._id;
    const other = await auth.call<AuthResponse>('POST', '/api/auth/login', {
      body: { email: user.email, password: user.password },
    });
    // An unused reset link of the account's, which the deletion takes with it.
    await auth.call('POST', '/api/auth/forgot-password', { body: { email: user.email } });
    const resetTokens = () =>
      auth.app
        .get<Connection>(getConnectionToken())
        .collection('password_reset_tokens')
        .countDocuments({ userId: new Types.ObjectId(id) });
    expect(await resetTokens()).toBe(1);

    const answer = await auth.call('DELETE', '/api/auth/me', {
      token: user.token,
      body: { password: user.password },
    });
    expect(answer).toEqual({
      status: 200,
      headers: expect.anything(),
      body: { message: ACCOUNT_DATA_MESSAGES.deleted },
    });

    // Every session ends at once: this one, another device's, and the version every service reads.
    for (const token of [user.token, other.body.token]) {
      const me = await auth.call('GET', '/api/auth/me', { token });
      expect(me).toMatchObject({ status: 401, body: { message: AUTH_MESSAGES.signInAgain } });
    }
    expect(Number(await redis.get(sessionVersionKey(id)))).toBeGreaterThanOrEqual(1);
    expect(await resetTokens()).toBe(0);
    const login = await auth.call('POST', '/api/auth/login', {
      body: { email: user.email, password: user.password },
    });
    expect(login.status).toBe(401);

    const events = await eventually(
      () => deletedEvents(id),
      (found) => found.length > 0,
    );
    expect(events.map((event) => event.data)).toEqual([{ userId: id }]);
    // Once published, the stored account is gone for good.
    const stored = await eventually(
      () => users().countDocuments({ _id: new Types.ObjectId(id) }),
      (count) => count === 0,
    );
    expect(stored).toBe(0);
    // Redis losing its keys now does not bring the old tokens back: the re-sync knows the version.
    await redis.del(sessionVersionKey(id), SESSION_VERSIONS_SYNCED_KEY);
    const restored = await eventually(
      () => redis.get(sessionVersionKey(id)),
      (version) => version !== null,
    );
    expect(Number(restored)).toBeGreaterThanOrEqual(1);
    const afterResync = await auth.call('GET', '/api/auth/me', { token: other.body.token });
    expect(afterResync.status).toBe(401);

    const [confirmation] = await eventually(
      async () => mailsTo(user.email),
      (found) => found.length > 0,
    );
    expect(confirmation?.text).toContain(user.email);
    expect(confirmation?.text).toContain('help@logbook.example');

    // The address registers again, as a new account that holds nothing of the old one.
    const again = await register(user.email);
    expect(again.user._id).not.toBe(id);
    expect(again.user).toMatchObject({ email: user.email, isPremium: false, roles: ['student'] });
    const exported = await auth.call<AccountDataExport>('GET', '/api/auth/me/export', {
      token: again.token,
    });
    expect(JSON.stringify(exported.body)).not.toContain(id);
    // A second deletion request with the old token changes nothing.
    const twice = await auth.call('DELETE', '/api/auth/me', {
      token: user.token,
      body: { password: user.password },
    });
    expect(twice.status).toBe(401);
    expect(await deletedEvents(id)).toHaveLength(1);
  });

  /**
   * Runs `meanwhile` while the deletion checks the password (the moment between its read of the
   * account and its write), as another tab's request would.
   */
  const whileCheckingPassword = (meanwhile: () => Promise<unknown>) => {
    const hasher = auth.app.get(PasswordHasher);
    const verify = hasher.verify.bind(hasher);
    return jest.spyOn(hasher, 'verify').mockImplementationOnce(async (hash, password) => {
      const matches = await verify(hash, password);
      await meanwhile();
      return matches;
    });
  };

  it('a password change racing the deletion wins: nothing is deleted and the new session lives', async () => {
    const user = await register();
    const _id = new Types.ObjectId(user.user._id);
    // What UsersService.replacePassword writes: a new version, the revision untouched.
    const spy = whileCheckingPassword(() =>
      users().updateOne(
        { _id },
        { $set: { passwordHash: 'changed' }, $inc: { sessionVersion: 1 } },
      ),
    );
    const answer = await auth.call('DELETE', '/api/auth/me', {
      token: user.token,
      body: { password: user.password },
    });
    spy.mockRestore();
    expect(answer).toMatchObject({ status: 401, body: { message: AUTH_MESSAGES.signInAgain } });
    const stored = await users().findOne({ _id });
    expect(stored).toMatchObject({ email: user.email, passwordHash: 'changed', sessionVersion: 1 });
    expect(await deletedEvents(user.user._id)).toHaveLength(0);
  });

  it('a profile change racing the deletion is written over: the account is deleted all the same', async () => {
    const user = await register();
    const _id = new Types.ObjectId(user.user._id);
    const spy = whileCheckingPassword(() =>
      users().updateOne({ _id }, { $set: { name: 'Renamed' }, $inc: { revision: 1 } }),
    );
    const answer = await auth.call('DELETE', '/api/auth/me', {
      token: user.token,
      body: { password: user.password },
    });
    spy.mockRestore();
    expect(answer).toMatchObject({ status: 200, body: { message: ACCOUNT_DATA_MESSAGES.deleted } });
    expect(Number(await redis.get(sessionVersionKey(user.user._id)))).toBe(1);
    const me = await auth.call('GET', '/api/auth/me', { token: user.token });
    expect(me.status).toBe(401);
  });
});
