import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { EVENT_SUBJECTS, type EventEnvelope } from '@mcat/contracts';
import { PlannedDatesService } from './planned-dates.service';

/** Keeps the copy of each student's planned testing date current (idempotent: last fact wins). */
@Controller()
export class PlannedDateEventsController {
  constructor(private readonly dates: PlannedDatesService) {}

  @EventPattern(EVENT_SUBJECTS.userUpdated)
  async userUpdated(@Payload() event: EventEnvelope<'auth.user.updated'>): Promise<void> {
    const { userId, plannedTestingDate } = event.data;
    await this.dates.record(userId, plannedTestingDate ?? null, new Date(event.occurredAt));
  }
}
