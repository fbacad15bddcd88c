import { Inject, Injectable } from '@nestjs/common';
import { z } from 'zod';
import type { HealthReport, HealthStatus } from '@mcat/contracts';
import { UPSTREAMS } from '../tokens';
import type { UpstreamService, Upstreams } from '../upstreams';
import { RunnerProcesses } from './runner-processes';

/** The infrastructure every deployment has; listed even when no service could report on it. */
const EXPECTED_DEPENDENCIES = ['mongodb', 'nats', 'redis'] as const;

const readinessBody = z.object({
  dependencies: z.record(z.string(), z.enum(['up', 'down'])).default({}),
});

interface Readiness {
  ready: boolean;
  dependencies: Record<string, HealthStatus>;
}

/** A service slower than this to say whether it is ready counts as down. */
const READINESS_TIMEOUT_MS = 2000;

const UNREACHABLE: Readiness = { ready: false, dependencies: {} };

/**
 * The state of the whole product, from each service's /readyz: a service is up when it answers
 * ready; a dependency is up when some service reports it and none reports it down (one nobody
 * could report on is down: it cannot be confirmed). In the single-machine mode the runner's
 * processes are added, and one not running makes the product down too.
 */
@Injectable()
export class UpstreamHealth {
  constructor(
    @Inject(UPSTREAMS) private readonly upstreams: Upstreams,
    private readonly runner: RunnerProcesses,
  ) {}

  async report(): Promise<HealthReport> {
    const names = Object.keys(this.upstreams) as UpstreamService[];
    const [readiness, processes] = await Promise.all([
      Promise.all(names.map((name) => this.readiness(this.upstreams[name]))),
      this.runner.report(),
    ]);

    const services: Record<string, HealthStatus> = {};
    const dependencies: Record<string, HealthStatus> = {};
    for (const dependency of EXPECTED_DEPENDENCIES) dependencies[dependency] = 'down';
    const reported = new Set<string>();
    names.forEach((name, index) => {
      const { ready, dependencies: seen } = readiness[index] ?? UNREACHABLE;
      services[name] = ready ? 'up' : 'down';
      for (const [dependency, status] of Object.entries(seen)) {
        const downBefore = reported.has(dependency) && dependencies[dependency] === 'down';
        dependencies[dependency] = downBefore ? 'down' : status;
        reported.add(dependency);
      }
    });
    const all = [
      ...Object.values(services),
      ...Object.values(dependencies),
      ...Object.values(processes ?? {}).map((entry) => entry.status),
    ];
    const status = all.every((s) => s === 'up') ? 'up' : 'down';
    return processes
      ? { status, services, dependencies, processes }
      : { status, services, dependencies };
  }

  private async readiness(origin: string): Promise<Readiness> {
    try {
      const response = await fetch(`${origin}/readyz`, {
        signal: AbortSignal.timeout(READINESS_TIMEOUT_MS),
      });
      const body = readinessBody.safeParse(await response.json().catch(() => ({})));
      return { ready: response.ok, dependencies: body.success ? body.data.dependencies : {} };
    } catch {
      return UNREACHABLE;
    }
  }
}
