import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { EVENT_SUBJECTS, type EventEnvelope } from '@mcat/contracts';
import { PlansService } from './plans.service';

/** Keeps the plan projection current from auth and billing events (idempotent: last fact wins). */
@Controller()
export class PlanEventsController {
  constructor(private readonly plans: PlansService) {}

  @EventPattern(EVENT_SUBJECTS.userUpdated)
  async userUpdated(@Payload() event: EventEnvelope<'auth.user.updated'>): Promise<void> {
    await this.plans.record(event.data.userId, event.data.isPremium, new Date(event.occurredAt));
  }

  @EventPattern(EVENT_SUBJECTS.premiumPurchased)
  async premiumPurchased(
    @Payload() event: EventEnvelope<'billing.premium.purchased'>,
  ): Promise<void> {
    await this.plans.record(event.data.userId, true, new Date(event.occurredAt));
  }
}
