import { Public } from '../auth/auth.decorators';
import { Controller, Get, HttpCode, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { HealthRegistry } from './health-registry';

@Public()
@Controller()
export class HealthController {
  constructor(private readonly registry: HealthRegistry) {}

  /** Alive: the process answers. */
  @Get('healthz')
  @HttpCode(200)
  alive(): { status: 'up' } {
    return { status: 'up' };
  }

  /** Ready: every dependency of this service answers; 503 otherwise. */
  @Get('readyz')
  async ready(@Res() reply: FastifyReply): Promise<void> {
    const dependencies = await this.registry.check();
    const up = Object.values(dependencies).every((s) => s === 'up');
    await reply.status(up ? 200 : 503).send({ status: up ? 'up' : 'down', dependencies });
  }
}
