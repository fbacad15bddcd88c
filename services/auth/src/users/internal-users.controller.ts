import { Controller, Get, HttpCode, NotFoundException, Param, Post } from '@nestjs/common';
import { AUTH_MESSAGES } from '@mcat/contracts';
import { ObjectIdPipe, Public } from '@mcat/service-kit';
import type { UserPlan } from './user-plan.cache';
import { UsersService } from './users.service';

/**
 * The other services' read-through of a user's plan (and planned testing date, which the tests
 * service's score projection is made for). Not routed by the gateway (it forwards
 * /api/* only) and, in a cluster, reachable only from inside by the network policies.
 */
@Public()
@Controller('internal/users')
export class InternalUsersController {
  constructor(private readonly users: UsersService) {}

  @Get(':id')
  plan(@Param('id', new ObjectIdPipe('user id')) userId: string): Promise<UserPlan> {
    return this.users.plan(userId);
  }

  /** Billing calls this right after a purchase, so /api/auth/me shows premium at once. */
  @Post(':id/premium')
  @HttpCode(200)
  async markPremium(@Param('id', new ObjectIdPipe('user id')) userId: string): Promise<UserPlan> {
    const plan = await this.users.markPremium(userId);
    if (!plan) throw new NotFoundException(AUTH_MESSAGES.userNotFound);
    return plan;
  }
}
