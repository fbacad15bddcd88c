/**
 * When the runner restarts a process that ended on its own: after a delay that doubles with each
 * crash in a row (0.5 s, 1 s, 2 s... up to 8 s), never more than `maxCrashes` times within
 * `windowMs` (then it gives up: something is wrong that a restart will not fix), and a process
 * that stayed up `stableAfterMs` starts counting again from the first delay.
 */
export interface RestartLimits {
  firstDelayMs: number;
  maxDelayMs: number;
  maxCrashes: number;
  windowMs: number;
  stableAfterMs: number;
}

export const DEFAULT_RESTART_LIMITS: RestartLimits = {
  firstDelayMs: 500,
  maxDelayMs: 8000,
  maxCrashes: 5,
  windowMs: 60_000,
  stableAfterMs: 30_000,
};

export type RestartDecision =
  { action: 'restart'; delayMs: number } | { action: 'give-up'; crashes: number; windowMs: number };

export class RestartPolicy {
  /** When each crash within the window happened (ms since the epoch), oldest first. */
  private crashTimes: number[] = [];
  /** Crashes since the process last stayed up `stableAfterMs`: the exponent of the delay. */
  private crashesInARow = 0;

  constructor(private readonly limits: RestartLimits = DEFAULT_RESTART_LIMITS) {}

  /** The process ended at `now` after running `uptimeMs`: restart it after a delay, or give up. */
  onCrash(now: number, uptimeMs: number): RestartDecision {
    const { firstDelayMs, maxDelayMs, maxCrashes, windowMs, stableAfterMs } = this.limits;
    if (uptimeMs >= stableAfterMs) this.crashesInARow = 0;
    this.crashTimes = [...this.crashTimes.filter((time) => now - time < windowMs), now];
    if (this.crashTimes.length >= maxCrashes) {
      return { action: 'give-up', crashes: this.crashTimes.length, windowMs };
    }
    const delayMs = Math.min(firstDelayMs * 2 ** this.crashesInARow, maxDelayMs);
    this.crashesInARow += 1;
    return { action: 'restart', delayMs };
  }
}
