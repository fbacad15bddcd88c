import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { Agent, request } from 'undici';
import { HealthRegistry, type HealthIndicator } from '@mcat/service-kit/core';
import { UPSTREAMS } from '../tokens';
import type { UpstreamService, Upstreams } from '../upstreams';

/** Each try waits this long for an answer, within the registry's own 2 s for a check. */
const TRY_TIMEOUT_MS = 1500;

const freshConnections = new Agent({ pipelining: 0 });

/**
 * The gateway's readiness at start: ready once every service has answered it, whatever the
 * answer, then for good. A new gateway pod can be Ready before the network lets it reach the
 * services: the nodes' network-policy agents admit a new pod's address to the services' ingress
 * rules only once each has synced, and until then its requests vanish: such a pod answers
 * /api/health with every service down (the likely cause of one such poll in 566 during a rolling
 * upgrade on three nodes, packages/cluster/test/product.spec.ts) and fails the students' requests.
 * Once reached, a service going away later does not take the gateways out of the Service: they
 * answer for it with the gateway's own error, and /api/health says which service is down.
 */
@Injectable()
export class UpstreamReachability implements HealthIndicator, OnModuleInit {
  readonly name = 'upstreams';
  private readonly reached = new Set<UpstreamService>();

  constructor(
    @Inject(UPSTREAMS) private readonly upstreams: Upstreams,
    private readonly registry: HealthRegistry,
  ) {}

  onModuleInit(): void {
    this.registry.register(this);
  }

  async isHealthy(): Promise<boolean> {
    const names = Object.keys(this.upstreams) as UpstreamService[];
    const pending = names.filter((name) => !this.reached.has(name));
    await Promise.all(pending.map((name) => this.reach(name)));
    return this.reached.size === names.length;
  }

  private async reach(name: UpstreamService): Promise<void> {
    try {
      const response = await request(`${this.upstreams[name]}/healthz`, {
        dispatcher: freshConnections,
        signal: AbortSignal.timeout(TRY_TIMEOUT_MS),
      });
      await response.body.dump();
      this.reached.add(name);
    } catch {
      // Not reached yet: the next readiness check tries again.
    }
  }
}
