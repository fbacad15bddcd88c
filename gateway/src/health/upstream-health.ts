import { Inject, Injectable } from '@nestjs/common';
import { Agent, request } from 'undici';
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
 * Each check on a connection of its own. A kept-alive one can still lead to a pod that is being
 * replaced (kube-proxy routes only new connections to Ready pods), which answers 503 or closes it
 * once it stops: /api/health then reported down a service that had a Ready pod (one poll in about
 * 300 during a rolling upgrade, packages/cluster/test/product.spec.ts).
 */
const freshConnections = new Agent({ pipelining: 0 });

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
      const response = await request(`${origin}/readyz`, {
        dispatcher: freshConnections,
        signal: AbortSignal.timeout(READINESS_TIMEOUT_MS),
      });
      const body = readinessBody.safeParse(await response.body.json().catch(() => ({})));
      const ready = response.statusCode >= 200 && response.statusCode < 300;
      return { ready, dependencies: body.success ? body.data.dependencies : {} };
    } catch {
      return UNREACHABLE;
    }
  }
}
