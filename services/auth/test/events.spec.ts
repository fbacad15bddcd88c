import { spawnSync } from 'node:child_process';
import path from 'node:path';
import {
  EVENT_SUBJECTS,
  type AuthResponse,
  type EventEnvelope,
  type EventSubject,
  type User,
} from '@mcat/contracts';
import { decodeEnvelope, encodeEnvelope, ensureEventStreams } from '@mcat/service-kit';
import { premiumPurchasedEvent } from '@mcat/service-kit/testing';
import { getConnectionToken } from '@nestjs/mongoose';
import { Types, type Connection } from 'mongoose';
import { connect, type NatsConnection } from 'nats';
import { privateNats, type PrivateServer } from '@mcat/test-support/private-infra';
import { startAuth, uniqueEmail, type RunningAuth } from './support/auth-app';

const ROOT = path.resolve(__dirname, '../../..');

jest.setTimeout(30_000);

let nats: PrivateServer;
let nc: NatsConnection;
let auth: RunningAuth;

const register = async () => {
  const body = { name: 'Evie', email: uniqueEmail('event'), password: 'mcat-secret-1' };
  const { body: answer } = await auth.call<AuthResponse>('POST', '/api/auth/register', { body });
  await outboxDrained(answer.user._id);
  return { ...body, ...answer };
};

/** Every event of a subject on the AUTH stream about one user, oldest first. */
const eventsAbout = async (subject: EventSubject, userId: string): Promise<EventEnvelope[]> => {
  const jsm = await nc.jetstreamManager();
  const { state } = await jsm.streams.info('AUTH');
  const found: EventEnvelope[] = [];
  for (let seq = state.first_seq; seq <= state.last_seq && state.messages > 0; seq += 1) {
    const message = await jsm.streams.getMessage('AUTH', { seq });
    const envelope = decodeEnvelope(message.data);
    if (envelope?.subject === subject && (envelope.data as { userId?: string }).userId === userId) {
      found.push(envelope);
    }
  }
  return found;
};

/**
 * Waits until the relay has published and removed a user's pending events. On FerretDB (SQLite)
 * the relay's `$pullAll` and a write to the same user at the same moment can lose that write
 * (reported to the outbox's owner), so these tests let the relay finish between two writes.
 */
const outboxDrained = async (userId: string) => {
  const users = auth.app.get<Connection>(getConnectionToken()).collection('users');
  const deadline = Date.now() + 10_000;
  for (;;) {
    const user = await users.findOne({ _id: new Types.ObjectId(userId) });
    if (!user?.outbox?.length) return;
    if (Date.now() > deadline) throw new Error('The outbox was not drained');
    await new Promise((r) => setTimeout(r, 50));
  }
};

const waitForEvents = async (subject: EventSubject, userId: string, count: number) => {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const events = await eventsAbout(subject, userId);
    if (events.length >= count || Date.now() > deadline) return events;
    await new Promise((r) => setTimeout(r, 200));
  }
};

const me = async (token: string) => (await auth.call<User>('GET', '/api/auth/me', { token })).body;

beforeAll(async () => {
  nats = await privateNats();
  auth = await startAuth({}, { NATS_URL: nats.url }, true);
  nc = await connect({ servers: nats.url });
  await ensureEventStreams(await nc.jetstreamManager());
});
afterAll(async () => {
  await nc?.close();
  await auth?.close();
  await nats?.dispose();
});

describe('events and the internal read-through', () => {
  it('registering publishes auth.user.registered with the user snapshot', async () => {
    const user = await register();
    const [event, ...more] = await waitForEvents(EVENT_SUBJECTS.userRegistered, user.user._id, 1);
    expect(more).toEqual([]);
    expect(event?.data).toEqual({
      userId: user.user._id,
      name: 'Evie',
      email: user.email,
      isPremium: false,
      roles: ['student'],
      plannedTestingDate: null,
    });
  });

  it('the internal endpoint answers a user’s plan, 404 for an unknown one', async () => {
    const user = await register();
    expect(
      await auth.call('GET', `/internal/users/${user.user._id}`, { internal: true }),
    ).toMatchObject({
      status: 200,
      body: { userId: user.user._id, isPremium: false, plannedTestingDate: null },
    });
    expect(
      (await auth.call('GET', '/internal/users/0123456789abcdef01234567', { internal: true }))
        .status,
    ).toBe(404);
    expect((await auth.call('GET', '/internal/users/not-an-id', { internal: true })).status).toBe(
      400,
    );
  });

  it('the plan read after a profile change or a purchase is the new one, though the old was kept', async () => {
    const user = await register();
    const plan = async () =>
      (await auth.call('GET', `/internal/users/${user.user._id}`, { internal: true })).body;
    expect(await plan()).toEqual({
      userId: user.user._id,
      isPremium: false,
      plannedTestingDate: null,
    });
    expect(await plan()).toMatchObject({ plannedTestingDate: null });
    const profile = { name: 'Evie', email: user.email, plannedTestingDate: '2027-05-12' };
    const changed = await auth.call('PUT', '/api/auth/me', { token: user.token, body: profile });
    expect(changed.status).toBe(200);
    expect(await plan()).toMatchObject({ isPremium: false, plannedTestingDate: '2027-05-12' });
    await auth.call('PUT', '/api/auth/me', {
      token: user.token,
      body: { ...profile, plannedTestingDate: '2027-06-02' },
    });
    expect(await plan()).toMatchObject({ plannedTestingDate: '2027-06-02' });
    await auth.call('POST', `/internal/users/${user.user._id}/premium`, { internal: true });
    expect(await plan()).toEqual({
      userId: user.user._id,
      isPremium: true,
      plannedTestingDate: '2027-06-02',
    });
  });

  it('the internal endpoints answer 404 without the service credential, and grant nothing', async () => {
    const user = await register();
    const missing = await auth.call('GET', `/nothing/users/${user.user._id}`);
    const attempts: Record<string, string>[] = [
      {},
      { 'x-internal-token': 'wrong-internal-api-token-0123456789abcdef' },
    ];
    for (const headers of attempts) {
      for (const [method, path] of [
        ['GET', `/internal/users/${user.user._id}`],
        ['POST', `/internal/users/${user.user._id}/premium`],
      ] as const) {
        const response = await fetch(`${auth.baseUrl}${path}`, { method, headers });
        expect({ path, status: response.status, body: await response.json() }).toEqual({
          path,
          status: 404,
          body: missing.body,
        });
      }
    }
    expect((await me(user.token)).isPremium).toBe(false);
  });

  it('billing.premium.purchased makes the user premium once, however often it arrives', async () => {
    const user = await register();
    const js = nc.jetstream();
    const first = premiumPurchasedEvent(user.user._id);
    await js.publish(first.subject, encodeEnvelope(first), { msgID: first.id });
    await js.publish(first.subject, encodeEnvelope(first), { msgID: first.id });
    const second = premiumPurchasedEvent(user.user._id);
    await js.publish(second.subject, encodeEnvelope(second), { msgID: second.id });

    const deadline = Date.now() + 10_000;
    while (!(await me(user.token)).isPremium) {
      if (Date.now() > deadline) throw new Error('The purchase was not applied');
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(
      (await auth.call('GET', `/internal/users/${user.user._id}`, { internal: true })).body,
    ).toMatchObject({
      isPremium: true,
    });
    await new Promise((r) => setTimeout(r, 1000));
    const updates = await eventsAbout(EVENT_SUBJECTS.userUpdated, user.user._id);
    expect(updates.map((e) => e.data)).toEqual([
      {
        userId: user.user._id,
        name: 'Evie',
        email: user.email,
        isPremium: true,
        roles: ['student'],
        plannedTestingDate: null,
      },
    ]);
  });

  it('billing’s direct call shows premium at once and is idempotent', async () => {
    const user = await register();
    const mark = () =>
      auth.call('POST', `/internal/users/${user.user._id}/premium`, { internal: true });
    expect(await mark()).toMatchObject({
      status: 200,
      body: { userId: user.user._id, isPremium: true, plannedTestingDate: null },
    });
    expect((await me(user.token)).isPremium).toBe(true);
    expect((await mark()).status).toBe(200);
    expect(
      (
        await auth.call('POST', '/internal/users/0123456789abcdef01234567/premium', {
          internal: true,
        })
      ).status,
    ).toBe(404);

    const updates = await waitForEvents(EVENT_SUBJECTS.userUpdated, user.user._id, 1);
    await new Promise((r) => setTimeout(r, 500));
    expect(await eventsAbout(EVENT_SUBJECTS.userUpdated, user.user._id)).toHaveLength(
      updates.length,
    );
    expect(updates).toHaveLength(1);
  });

  it('a profile change publishes auth.user.updated with the new name, e-mail and planned date', async () => {
    const user = await register();
    const email = uniqueEmail('moved');
    await auth.call('PUT', '/api/auth/me', {
      token: user.token,
      body: { name: 'Evelyn', email, plannedTestingDate: '2027-05-12' },
    });
    const [event] = await waitForEvents(EVENT_SUBJECTS.userUpdated, user.user._id, 1);
    expect(event?.data).toEqual({
      userId: user.user._id,
      name: 'Evelyn',
      email,
      isPremium: false,
      roles: ['student'],
      plannedTestingDate: '2027-05-12',
    });
  });

  it('npm run grant-role adds the role, changes nothing else and publishes auth.user.updated', async () => {
    const user = await register();
    const grant = (...args: string[]) =>
      spawnSync(process.execPath, ['--import', 'tsx', 'scripts/grant-role.ts', ...args], {
        cwd: ROOT,
        env: { ...process.env, MONGO_URL: auth.config.MONGO_URL },
        encoding: 'utf8',
      });

    const granted = grant(user.email.toUpperCase(), 'billing');
    expect(granted.stderr).toBe('');
    expect(granted.stdout).toBe(`${user.email} now has the roles: student, billing\n`);
    expect(granted.status).toBe(0);

    // The session goes on (nothing bumped); the next login carries the role.
    expect(await me(user.token)).toMatchObject({ roles: ['student', 'billing'], isPremium: false });
    const login = await auth.call<AuthResponse>('POST', '/api/auth/login', {
      body: { email: user.email, password: user.password },
    });
    const claims = JSON.parse(Buffer.from(login.body.token.split('.')[1]!, 'base64url').toString());
    expect(claims).toMatchObject({ roles: ['student', 'billing'], sv: 0 });

    await outboxDrained(user.user._id);
    expect(grant(user.email, 'billing').status).toBe(0);
    const updates = await waitForEvents(EVENT_SUBJECTS.userUpdated, user.user._id, 1);
    await new Promise((r) => setTimeout(r, 500));
    expect(
      (await eventsAbout(EVENT_SUBJECTS.userUpdated, user.user._id)).map((e) => e.data),
    ).toEqual(updates.map((e) => e.data));
    expect(updates.map((e) => e.data)).toEqual([
      {
        userId: user.user._id,
        name: 'Evie',
        email: user.email,
        isPremium: false,
        roles: ['student', 'billing'],
        plannedTestingDate: null,
      },
    ]);

    const unknown = grant(uniqueEmail('nobody'), 'billing');
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toContain('No account with the e-mail');
    const badRole = grant(user.email, 'admin');
    expect(badRole.status).toBe(2);
    expect(badRole.stderr).toContain('Unknown role "admin"');
  }, 60_000);
});
