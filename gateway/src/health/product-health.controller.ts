import { Controller, Get, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { HealthReport } from '@mcat/contracts';
import { UpstreamHealth } from './upstream-health';

@Controller('api/health')
export class ProductHealthController {
  constructor(private readonly health: UpstreamHealth) {}

  /** Every service and dependency, up or down: 200 when all are up, 503 otherwise. */
  @Get()
  async report(@Res({ passthrough: true }) reply: FastifyReply): Promise<HealthReport> {
    const report = await this.health.report();
    void reply.status(report.status === 'up' ? 200 : 503).header('cache-control', 'no-store');
    return report;
  }
}
