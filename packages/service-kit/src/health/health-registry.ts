import { Injectable } from '@nestjs/common';

export interface HealthIndicator {
  /** What is checked: mongodb, nats, redis, smtp… */
  readonly name: string;
  /** Resolves true when reachable; never throws. */
  isHealthy(): Promise<boolean>;
}

export type DependencyStates = Record<string, 'up' | 'down'>;

/** A dependency slower than this to answer its check counts as down. */
export const DEPENDENCY_CHECK_TIMEOUT_MS = 2000;
/** A check started this recently is the answer as it is: no new round trip to the dependencies. */
export const READINESS_FRESH_MS = 1000;
/**
 * A check older than READINESS_FRESH_MS, up to this age, is answered at once while one new check
 * runs; the calls after it get the new one. Older than this (or none yet), the call waits.
 */
export const READINESS_STALE_MS = 5000;

interface Readiness {
  startedAt: number;
  dependencies: DependencyStates;
}

/**
 * The dependencies a service needs for /readyz. Infrastructure providers register themselves.
 *
 * Checks are shared, not made per call: however often /readyz is asked (kubelet, the gateway's
 * public /api/health on every poll), the dependencies see at most one check per second, and a
 * call does not wait on a slow dependency while a recent answer exists. On a loaded node the
 * checks (an SMTP handshake, a MongoDB round trip) could outlast the gateway's 2 s wait, and
 * /api/health reported a service down that was serving (packages/cluster/test/product.spec.ts).
 * A change of state shows within READINESS_FRESH_MS plus one check.
 */
@Injectable()
export class HealthRegistry {
  private readonly indicators: HealthIndicator[] = [];
  private last: Readiness | null = null;
  private running: Promise<DependencyStates> | null = null;

  register(indicator: HealthIndicator): void {
    this.indicators.push(indicator);
  }

  check(): Promise<DependencyStates> {
    const last = this.last;
    const age = last ? Date.now() - last.startedAt : Infinity;
    if (last && age < READINESS_FRESH_MS) return Promise.resolve(last.dependencies);
    const next = this.refresh();
    return last && age < READINESS_STALE_MS ? Promise.resolve(last.dependencies) : next;
  }

  /** One check of every dependency at a time; callers meanwhile share it. */
  private refresh(): Promise<DependencyStates> {
    this.running ??= this.checkAll().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async checkAll(): Promise<DependencyStates> {
    const startedAt = Date.now();
    const results = await Promise.all(
      this.indicators.map(async (indicator) => {
        const healthy = await Promise.race([
          indicator.isHealthy().catch(() => false),
          new Promise<boolean>((resolve) =>
            setTimeout(resolve, DEPENDENCY_CHECK_TIMEOUT_MS, false).unref(),
          ),
        ]);
        return [indicator.name, healthy ? 'up' : 'down'] as const;
      }),
    );
    const dependencies: DependencyStates = Object.fromEntries(results);
    this.last = { startedAt, dependencies };
    return dependencies;
  }
}
