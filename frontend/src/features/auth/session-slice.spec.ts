import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  AUTH_MESSAGES,
  DEFAULT_REVIEW_REMINDERS,
  ERRORS,
  STORAGE_KEYS,
  type User,
} from '@mcat/contracts';
import { createAppStore } from '../../app/store';
import { authApi } from './api/auth-api';
import { clearError, logout, startSession } from './session-slice';
import { unauthorized } from '../../lib/api';

const user: User = {
  _id: '65a1b2c3d4e5f6a7b8c9d0e1',
  name: 'Ada',
  email: 'ada@example.com',
  plannedTestingDate: '2026-04-18',
  targetScore: null,
  isPremium: false,
  roles: ['student'],
  reviewReminders: { ...DEFAULT_REVIEW_REMINDERS },
};

/** The server's answers, by "METHOD path". */
const answerWith = (answers: Record<string, { status: number; body: unknown }>) =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const key = `${request.method} ${new URL(request.url).pathname}`;
      const answer = answers[key] ?? {
        status: 404,
        body: { statusCode: 404, message: 'Not Found' },
      };
      return new Response(JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );

/** A store that registered Ada through the stubbed API. */
const registeredStore = async () => {
  const store = createAppStore();
  await store
    .dispatch(
      authApi.endpoints.register.initiate({
        name: 'Ada',
        email: user.email,
        password: 'mcat-secret-1',
      }),
    )
    .unwrap();
  return store;
};

describe('session', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it('starts loading, and without a stored token stops loading signed out', () => {
    const store = createAppStore();
    expect(store.getState().session).toMatchObject({ loading: true, isAuthenticated: false });
    store.dispatch(startSession());
    expect(store.getState().session).toMatchObject({
      token: null,
      user: null,
      isAuthenticated: false,
      loading: false,
      error: null,
    });
  });

  it('loads the user of a stored token and is then signed in', async () => {
    localStorage.setItem(STORAGE_KEYS.token, 'stored-token');
    answerWith({ 'GET /api/auth/me': { status: 200, body: user } });
    const store = createAppStore();
    store.dispatch(startSession());
    await vi.waitFor(() => expect(store.getState().session.loading).toBe(false));
    expect(store.getState().session).toMatchObject({
      token: 'stored-token',
      user,
      isAuthenticated: true,
      error: null,
    });
  });

  it('drops a stored token the server refuses and keeps the server message', async () => {
    localStorage.setItem(STORAGE_KEYS.token, 'stale-token');
    answerWith({
      'GET /api/auth/me': {
        status: 401,
        body: { statusCode: 401, message: 'Please sign in again' },
      },
    });
    const store = createAppStore();
    store.dispatch(startSession());
    await vi.waitFor(() => expect(store.getState().session.loading).toBe(false));
    expect(store.getState().session).toMatchObject({
      token: null,
      user: null,
      isAuthenticated: false,
      error: 'Please sign in again',
      expired: true,
    });
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it('a session that failed to load for another reason has not expired', async () => {
    localStorage.setItem(STORAGE_KEYS.token, 'stored-token');
    answerWith({ 'GET /api/auth/me': { status: 500, body: {} } });
    const store = createAppStore();
    store.dispatch(startSession());
    await vi.waitFor(() => expect(store.getState().session.loading).toBe(false));
    expect(store.getState().session).toMatchObject({ isAuthenticated: false, expired: false });
  });

  it('falls back to "Authentication error" when the session load fails without a message', async () => {
    localStorage.setItem(STORAGE_KEYS.token, 'stored-token');
    answerWith({ 'GET /api/auth/me': { status: 500, body: {} } });
    const store = createAppStore();
    store.dispatch(startSession());
    await vi.waitFor(() => expect(store.getState().session.loading).toBe(false));
    expect(store.getState().session.error).toBe(ERRORS.sessionLoad);
  });

  it('stores the token and user of a login, and writes the token to local storage', async () => {
    answerWith({ 'POST /api/auth/login': { status: 200, body: { token: 'fresh-token', user } } });
    const store = createAppStore();
    store.dispatch(startSession());
    await store
      .dispatch(authApi.endpoints.login.initiate({ email: user.email, password: 'mcat-secret-1' }))
      .unwrap();
    expect(store.getState().session).toMatchObject({
      token: 'fresh-token',
      user,
      isAuthenticated: true,
      error: null,
    });
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('fresh-token');
  });

  it('keeps the login error (server message, else "Login failed") and rethrows it', async () => {
    answerWith({
      'POST /api/auth/login': {
        status: 401,
        body: { statusCode: 401, message: AUTH_MESSAGES.invalidCredentials },
      },
      'POST /api/auth/register': { status: 500, body: {} },
    });
    const store = createAppStore();
    const login = store.dispatch(
      authApi.endpoints.login.initiate({ email: user.email, password: 'wrong-password' }),
    );
    await expect(login.unwrap()).rejects.toMatchObject({ status: 401 });
    expect(store.getState().session.error).toBe(AUTH_MESSAGES.invalidCredentials);

    const registration = store.dispatch(
      authApi.endpoints.register.initiate({
        name: 'Ada',
        email: user.email,
        password: 'mcat-secret-1',
      }),
    );
    await expect(registration.unwrap()).rejects.toMatchObject({ status: 500 });
    expect(store.getState().session.error).toBe(ERRORS.register);

    store.dispatch(clearError());
    expect(store.getState().session.error).toBeNull();
  });

  it('logout clears the token and user and removes the stored token', async () => {
    answerWith({ 'POST /api/auth/register': { status: 201, body: { token: 't', user } } });
    const store = await registeredStore();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('t');
    store.dispatch(logout());
    expect(store.getState().session).toMatchObject({
      token: null,
      user: null,
      isAuthenticated: false,
    });
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it("keeps the student's name beside the token for the dashboard's shell, and removes it with the token", async () => {
    answerWith({
      'POST /api/auth/register': { status: 201, body: { token: 't', user } },
      'PUT /api/auth/me': { status: 200, body: { ...user, name: 'Ada Lovelace' } },
    });
    const store = await registeredStore();
    expect(localStorage.getItem(STORAGE_KEYS.studentName)).toBe('Ada');
    await store
      .dispatch(
        authApi.endpoints.updateProfile.initiate({
          name: 'Ada Lovelace',
          email: user.email,
          plannedTestingDate: null,
          targetScore: null,
        }),
      )
      .unwrap();
    expect(localStorage.getItem(STORAGE_KEYS.studentName)).toBe('Ada Lovelace');
    store.dispatch(logout());
    expect(localStorage.getItem(STORAGE_KEYS.studentName)).toBeNull();
  });

  it("keeps what the navigation bar shows of the student's account beside the token, kept current, removed with it", async () => {
    answerWith({ 'POST /api/auth/register': { status: 201, body: { token: 't', user } } });
    const store = await registeredStore();
    expect(localStorage.getItem(STORAGE_KEYS.studentNav)).toBe('free');
    answerWith({
      'GET /api/auth/me': {
        status: 200,
        body: { ...user, isPremium: true, roles: ['student', 'billing'] },
      },
    });
    await store.dispatch(authApi.endpoints.getMe.initiate(undefined, { forceRefetch: true }));
    expect(localStorage.getItem(STORAGE_KEYS.studentNav)).toBe('premium billing');
    store.dispatch(logout());
    expect(localStorage.getItem(STORAGE_KEYS.studentNav)).toBeNull();
  });

  it("stores the name of a stored token's user once loaded, and forgets it when the token is refused", async () => {
    localStorage.setItem(STORAGE_KEYS.token, 'stored-token');
    answerWith({ 'GET /api/auth/me': { status: 200, body: user } });
    const store = createAppStore();
    store.dispatch(startSession());
    expect(localStorage.getItem(STORAGE_KEYS.studentName)).toBeNull();
    await vi.waitFor(() => expect(localStorage.getItem(STORAGE_KEYS.studentName)).toBe('Ada'));
    store.dispatch(unauthorized());
    expect(localStorage.getItem(STORAGE_KEYS.studentName)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it('a 401 on a call made with a token signs the user out', async () => {
    localStorage.setItem(STORAGE_KEYS.token, 'stored-token');
    answerWith({
      'GET /api/auth/me': { status: 200, body: user },
      'PUT /api/auth/me': { status: 401, body: { statusCode: 401, message: 'Unauthorized' } },
    });
    const store = createAppStore();
    const seen: string[] = [];
    store.subscribe(() => seen.push(String(store.getState().session.isAuthenticated)));
    store.dispatch(startSession());
    await vi.waitFor(() => expect(store.getState().session.isAuthenticated).toBe(true));
    const update = store.dispatch(
      authApi.endpoints.updateProfile.initiate({
        name: 'Ada',
        email: user.email,
        plannedTestingDate: null,
        targetScore: null,
      }),
    );
    await expect(update.unwrap()).rejects.toMatchObject({ status: 401 });
    expect(store.getState().session).toMatchObject({ token: null, isAuthenticated: false });
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(unauthorized.type).toBe('api/unauthorized');
  });
});
