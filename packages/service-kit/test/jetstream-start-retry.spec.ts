import { ErrorCode, NatsError } from 'nats';
import { isJetStreamNotNow, retryJetStreamStart } from '../src/events/jetstream-start-retry';

const timeout = () => NatsError.errorForCode(ErrorCode.Timeout);
const notEnabled = () => NatsError.errorForCode(ErrorCode.JetStreamNotEnabled);

/** A start step that fails with `failures` in turn, then answers `done`. */
function stepFailingWith(failures: Error[]) {
  const calls: number[] = [];
  const step = () => {
    calls.push(Date.now());
    const failure = failures.shift();
    return failure ? Promise.reject(failure) : Promise.resolve('done');
  };
  return { step, calls };
}

describe('a JetStream start step', () => {
  it('is tried again after a timeout or an absent JetStream, and its result returned', async () => {
    const logged: string[] = [];
    const { step, calls } = stepFailingWith([timeout(), notEnabled()]);

    await expect(
      retryJetStreamStart('Consumer q', step, (line) => logged.push(line)),
    ).resolves.toBe('done');
    expect(calls).toHaveLength(3);
    expect(calls[1]! - calls[0]!).toBeGreaterThanOrEqual(450);
    expect(logged).toEqual([
      'Consumer q: JetStream did not answer (TIMEOUT); again in 500 ms',
      expect.stringMatching(/^Consumer q: JetStream did not answer \(.+\); again in 1000 ms$/),
    ]);
  });

  it('fails at once on any other error', async () => {
    const refused = new NatsError('stream name already in use', '400');
    const { step, calls } = stepFailingWith([refused]);

    await expect(retryJetStreamStart('Event streams', step, () => undefined)).rejects.toBe(refused);
    expect(calls).toHaveLength(1);
  });

  it('gives up with the last timeout once its limit would be passed', async () => {
    const last = timeout();
    const { step, calls } = stepFailingWith([timeout(), last]);

    await expect(retryJetStreamStart('Event streams', step, () => undefined, 800)).rejects.toBe(
      last,
    );
    expect(calls).toHaveLength(2);
  });

  it('tells the "not now" answers from the rest', () => {
    expect(isJetStreamNotNow(timeout())).toBe(true);
    expect(isJetStreamNotNow(notEnabled())).toBe(true);
    expect(
      isJetStreamNotNow(new NatsError('permissions violation', ErrorCode.PermissionsViolation)),
    ).toBe(false);
    expect(isJetStreamNotNow(new Error('TIMEOUT'))).toBe(false);
  });
});
