import { RestartPolicy, type RestartLimits } from './restart-policy';

const limits: RestartLimits = {
  firstDelayMs: 500,
  maxDelayMs: 8000,
  maxCrashes: 5,
  windowMs: 60_000,
  stableAfterMs: 30_000,
};

describe('restarting a crashed process', () => {
  it('waits 0.5 s after the first crash, doubling with each crash in a row up to 8 s', () => {
    const policy = new RestartPolicy({ ...limits, maxCrashes: 100, windowMs: 1 });
    const delays = [0, 1, 2, 3, 4, 5, 6].map((i) => policy.onCrash(i * 10_000, 100));
    expect(delays).toEqual(
      [500, 1000, 2000, 4000, 8000, 8000, 8000].map((delayMs) => ({
        action: 'restart',
        delayMs,
      })),
    );
  });

  it('gives up at the fifth crash within 60 s, saying how many and within how long', () => {
    const policy = new RestartPolicy(limits);
    const decisions = [0, 1000, 3000, 7000, 15_000].map((now) => policy.onCrash(now, 200));
    expect(decisions.slice(0, 4).every((d) => d.action === 'restart')).toBe(true);
    expect(decisions[4]).toEqual({ action: 'give-up', crashes: 5, windowMs: 60_000 });
  });

  it('keeps restarting when the crashes are spread over more than the window', () => {
    const policy = new RestartPolicy(limits);
    // Every 20 s: never more than three within any 60 s.
    const decisions = [0, 1, 2, 3, 4, 5, 6, 7].map((i) => policy.onCrash(i * 20_000, 100));
    expect(decisions.every((d) => d.action === 'restart')).toBe(true);
  });

  it('starts again from 0.5 s once the process stayed up 30 s', () => {
    const policy = new RestartPolicy(limits);
    policy.onCrash(0, 100);
    policy.onCrash(1000, 100);
    expect(policy.onCrash(3000, 100)).toEqual({ action: 'restart', delayMs: 2000 });
    expect(policy.onCrash(70_000, 30_000)).toEqual({ action: 'restart', delayMs: 500 });
    expect(policy.onCrash(71_000, 100)).toEqual({ action: 'restart', delayMs: 1000 });
  });

  it('still counts a stable run toward the crash window', () => {
    const policy = new RestartPolicy({ ...limits, stableAfterMs: 10 });
    const decisions = [0, 100, 200, 300, 400].map((now) => policy.onCrash(now, 50));
    expect(decisions[4]?.action).toBe('give-up');
  });
});
