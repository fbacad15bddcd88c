/**
 * lib/idempotent-writes.ts as the web app uses it: two features' endpoints, one keyed and one not,
 * through the app's store. Here, as shared code does not import features.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_MESSAGES,
  type Test,
  type TestBody,
} from '@mcat/contracts';
import { createAppStore } from './store';
import { authApi } from '../features/auth/api/auth-api';
import { testsApi } from '../features/tests/api/tests-api';

const body: TestBody = {
  dateTaken: '2025-01-15',
  source: 'AAMC FL 1',
  subscores: { chemPhys: 125, cars: 124, bio: 126, psychSoc: 127 },
};
const created = { _id: '65a1b2c3d4e5f6a7b8c9d0e1', ...body, totalScore: 502 } as unknown as Test;

type Answer = { status: number; body: unknown } | 'network failure';

/** Answers the requests in turn, and keeps each one's Idempotency-Key. */
function serverAnswering(...answers: Answer[]) {
  const keys: (string | null)[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      keys.push(request.headers.get(IDEMPOTENCY_KEY_HEADER));
      const answer = answers[keys.length - 1] ?? answers[answers.length - 1];
      if (answer === 'network failure' || answer === undefined) {
        throw new TypeError('Failed to fetch');
      }
      return new Response(JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return keys;
}

const createTest = () => createAppStore().dispatch(testsApi.endpoints.createTest.initiate(body));

describe('a create sent from the web app', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('carries an Idempotency-Key of its own, another for the next action', async () => {
    const keys = serverAnswering({ status: 201, body: created });
    await createTest();
    await createTest();
    expect(keys).toHaveLength(2);
    for (const key of keys) expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[0]).not.toBe(keys[1]);
  });

  it('is sent once more with the same key when no answer came, and shows the second answer', async () => {
    const keys = serverAnswering('network failure', { status: 201, body: created });
    const result = await createTest();
    expect(result).toMatchObject({ data: created });
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });

  it.each([502, 503, 504])(
    'is retried once after a %i, then reports the failure',
    async (status) => {
      const keys = serverAnswering({
        status,
        body: { statusCode: status, message: 'Bad gateway' },
      });
      const result = await createTest();
      expect(result).toMatchObject({ error: { status } });
      expect(keys).toEqual([keys[0], keys[0]]);
    },
  );

  it('is retried once while the first attempt is still running on the server', async () => {
    const keys = serverAnswering(
      {
        status: 409,
        body: {
          statusCode: 409,
          code: 'IDEMPOTENCY_IN_FLIGHT',
          message: IDEMPOTENCY_MESSAGES.inFlight,
        },
      },
      { status: 201, body: created },
    );
    expect(await createTest()).toMatchObject({ data: created });
    expect(keys).toEqual([keys[0], keys[0]]);
  });

  it('is not retried after another conflict, whatever its text', async () => {
    const keys = serverAnswering({
      status: 409,
      body: { statusCode: 409, code: 'DUPLICATE', message: IDEMPOTENCY_MESSAGES.inFlight },
    });
    expect(await createTest()).toMatchObject({ error: { status: 409 } });
    expect(keys).toHaveLength(1);
  });

  it('is not retried when the server refused it', async () => {
    const keys = serverAnswering({ status: 400, body: { statusCode: 400, message: 'No' } });
    expect(await createTest()).toMatchObject({ error: { status: 400 } });
    expect(keys).toHaveLength(1);
  });

  it('a call without a key (sign-in) is never retried', async () => {
    const keys = serverAnswering('network failure', { status: 200, body: {} });
    const store = createAppStore();
    const result = await store.dispatch(
      authApi.endpoints.login.initiate({ email: 'ada@example.com', password: 'secret-words-1' }),
    );
    expect(result).toMatchObject({ error: { status: 'FETCH_ERROR' } });
    expect(keys).toEqual([null]);
  });
});
