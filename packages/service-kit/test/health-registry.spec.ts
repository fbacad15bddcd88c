import {
  DEPENDENCY_CHECK_TIMEOUT_MS,
  HealthRegistry,
  READINESS_FRESH_MS,
  READINESS_STALE_MS,
} from '../src/health/health-registry';

/**
 * The readiness checks are shared between calls: the indicators stand for MongoDB, SMTP…, each
 * answering when the test says so and counting how often it was asked.
 */
describe('HealthRegistry', () => {
  interface Dependency {
    asked: number;
    /** Answers the check in flight. */
    answer(healthy: boolean): void;
  }

  const dependency = (registry: HealthRegistry, name: string): Dependency => {
    const pending: Array<(healthy: boolean) => void> = [];
    const state: Dependency = {
      asked: 0,
      answer: (healthy) => pending.shift()?.(healthy),
    };
    registry.register({
      name,
      isHealthy: () => {
        state.asked += 1;
        return new Promise<boolean>((resolve) => pending.push(resolve));
      },
    });
    return state;
  };

  /** A registry with one dependency, whose first check it answered up. */
  const checkedOnce = async (name: string) => {
    const registry = new HealthRegistry();
    const state = dependency(registry, name);
    const first = registry.check();
    state.answer(true);
    await first;
    return { registry, state };
  };

  /** Resolves true if `promise` has settled once pending callbacks ran. */
  const settled = async (promise: Promise<unknown>) => {
    let done = false;
    void promise.then(() => (done = true));
    await jest.advanceTimersByTimeAsync(0);
    return done;
  };

  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('asks each dependency once for calls made while a check runs, and gives them all its answer', async () => {
    const registry = new HealthRegistry();
    const smtp = dependency(registry, 'smtp');
    const calls = [registry.check(), registry.check(), registry.check()];
    expect(await settled(calls[0]!)).toBe(false);
    smtp.answer(true);
    expect(await Promise.all(calls)).toEqual([{ smtp: 'up' }, { smtp: 'up' }, { smtp: 'up' }]);
    expect(smtp.asked).toBe(1);
  });

  it('answers a check started less than READINESS_FRESH_MS ago without asking again', async () => {
    const { registry, state: mongodb } = await checkedOnce('mongodb');
    await jest.advanceTimersByTimeAsync(READINESS_FRESH_MS - 10);
    expect(await registry.check()).toEqual({ mongodb: 'up' });
    expect(mongodb.asked).toBe(1);
  });

  it('answers an older check at once while one new check runs, and the calls after get the new answer', async () => {
    const { registry, state: smtp } = await checkedOnce('smtp');
    await jest.advanceTimersByTimeAsync(READINESS_FRESH_MS + 10);

    expect(await registry.check()).toEqual({ smtp: 'up' });
    expect(await registry.check()).toEqual({ smtp: 'up' });
    expect(smtp.asked).toBe(2);
    smtp.answer(false);
    await jest.advanceTimersByTimeAsync(0);
    expect(await registry.check()).toEqual({ smtp: 'down' });
    expect(smtp.asked).toBe(2);
  });

  it('waits for a new check once the last one is older than READINESS_STALE_MS', async () => {
    const { registry, state: redis } = await checkedOnce('redis');
    await jest.advanceTimersByTimeAsync(READINESS_STALE_MS + 10);

    const call = registry.check();
    expect(await settled(call)).toBe(false);
    redis.answer(false);
    expect(await call).toEqual({ redis: 'down' });
  });

  it('counts a dependency down when it does not answer within DEPENDENCY_CHECK_TIMEOUT_MS, and the others as they answered', async () => {
    const registry = new HealthRegistry();
    const mongodb = dependency(registry, 'mongodb');
    dependency(registry, 'nats');
    const call = registry.check();
    mongodb.answer(true);
    await jest.advanceTimersByTimeAsync(DEPENDENCY_CHECK_TIMEOUT_MS - 10);
    expect(await settled(call)).toBe(false);
    await jest.advanceTimersByTimeAsync(10);
    expect(await call).toEqual({ mongodb: 'up', nats: 'down' });
  });

  it('counts a dependency whose check throws as down', async () => {
    const registry = new HealthRegistry();
    registry.register({ name: 'nats', isHealthy: () => Promise.reject(new Error('closed')) });
    expect(await registry.check()).toEqual({ nats: 'down' });
  });
});
