/**
 * What a student does first, checked through the gateway of a release: the health check, signing
 * up, logging a test and reading it back, then deleting the account again so no trace stays. The
 * chart runs it as its `helm test` hook (helm/templates/release-check.yaml); the system tests run
 * it against the product started by npm test (gateway/test/system/release-check.spec.ts).
 */
import { randomBytes, randomUUID } from 'node:crypto';

export interface CheckStep {
  name: string;
  ms: number;
}

interface Answer {
  status: number;
  body: unknown;
}

/** The test the check logs: a practice test taken yesterday, scores within the spec's ranges. */
const SAMPLE_TEST = {
  source: 'Release check',
  subscores: { chemPhys: 125, cars: 126, bio: 127, psychSoc: 128 },
} as const;

const yesterday = (): string => new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);

const field = (body: unknown, name: string): unknown =>
  typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[name] : undefined;

export class ReleaseCheckError extends Error {}

export interface ReleaseCheckTimes {
  /** Longest wait for one answer (15 s). */
  timeoutMs?: number;
  /**
   * How long the health step tries again while the gateway gives no answer or a 503 (30 s): a new
   * pod may be refused by the nodes' network policies until they have taken in its address.
   */
  gatewayWaitMs?: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface ReleaseCheckResult {
  steps: CheckStep[];
  /** The account it signed up with, and deleted again. */
  email: string;
}

/**
 * Runs the steps in order against the gateway at `baseUrl`; throws a ReleaseCheckError naming the
 * step, the status and the answer at the first that fails. The health step is tried again for a
 * while (`gatewayWaitMs`) when the gateway cannot be reached yet or answers 503. The account is
 * deleted even when a step after signing up fails.
 */
export async function checkRelease(
  baseUrl: string,
  onStep: (step: CheckStep) => void = () => undefined,
  { timeoutMs = 15_000, gatewayWaitMs = 30_000 }: ReleaseCheckTimes = {},
): Promise<ReleaseCheckResult> {
  const steps: CheckStep[] = [];
  const call = async (
    name: string,
    method: string,
    path: string,
    expected: number,
    options: { token?: string; body?: unknown } = {},
  ): Promise<Answer> => {
    const started = Date.now();
    let response: Response;
    try {
      response = await fetch(new URL(path, baseUrl), {
        method,
        signal: AbortSignal.timeout(timeoutMs),
        headers: {
          ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        },
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
      });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new ReleaseCheckError(`${name}: ${method} ${path} got no answer (${reason})`);
    }
    const text = await response.text();
    if (response.status !== expected) {
      throw new ReleaseCheckError(
        `${name}: ${method} ${path} answered ${response.status}, expected ${expected}: ${text.slice(0, 300)}`,
      );
    }
    const step = { name, ms: Date.now() - started };
    steps.push(step);
    onStep(step);
    return { status: response.status, body: text ? (JSON.parse(text) as unknown) : null };
  };

  const waitUntil = Date.now() + gatewayWaitMs;
  for (;;) {
    try {
      await call('health', 'GET', '/api/health', 200);
      break;
    } catch (error) {
      const unready = /got no answer|answered 503/.test((error as Error).message);
      if (!unready || Date.now() >= waitUntil) throw error;
      await sleep(1000);
    }
  }
  const password = `Rc-${randomBytes(18).toString('base64url')}`;
  const email = `release-check-${randomUUID()}@example.com`;
  const signedUp = await call('sign up', 'POST', '/api/auth/register', 201, {
    body: { name: 'Release Check', email, password },
  });
  const token = field(signedUp.body, 'token');
  if (typeof token !== 'string') throw new ReleaseCheckError('sign up: the answer has no token');
  try {
    const created = await call('log a test', 'POST', '/api/tests', 201, {
      token,
      body: { ...SAMPLE_TEST, dateTaken: yesterday() },
    });
    const id = field(created.body, '_id');
    if (typeof id !== 'string') throw new ReleaseCheckError('log a test: the answer has no _id');
    const read = await call('read it back', 'GET', `/api/tests/${id}`, 200, { token });
    if (field(read.body, 'source') !== SAMPLE_TEST.source) {
      throw new ReleaseCheckError(`read it back: the test read back is not the one logged`);
    }
  } finally {
    await call('delete the account', 'DELETE', '/api/auth/me', 200, { token, body: { password } });
  }
  return { steps, email };
}
