import { Injectable } from '@nestjs/common';

export interface HealthIndicator {
  /** What is checked: mongodb, nats, redis, smtp… */
  readonly name: string;
  /** Resolves true when reachable; never throws. */
  isHealthy(): Promise<boolean>;
}

/** The dependencies a service needs for /readyz. Infrastructure providers register themselves. */
@Injectable()
export class HealthRegistry {
  private readonly indicators: HealthIndicator[] = [];

  register(indicator: HealthIndicator): void {
    this.indicators.push(indicator);
  }

  async check(timeoutMs = 2000): Promise<Record<string, 'up' | 'down'>> {
    const results = await Promise.all(
      this.indicators.map(async (indicator) => {
        const healthy = await Promise.race([
          indicator.isHealthy().catch(() => false),
          new Promise<boolean>((resolve) => setTimeout(resolve, timeoutMs, false).unref()),
        ]);
        return [indicator.name, healthy ? 'up' : 'down'] as const;
      }),
    );
    return Object.fromEntries(results);
  }
}
