import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { EVENT_SUBJECTS, type EventEnvelope } from '@mcat/contracts';
import { isPlannedDate } from './planned-date.schema';
import { PlannedDatesService } from './planned-dates.service';

/** Keeps the copy of each student's planned testing date current (idempotent: last fact wins). */
@Controller()
export class PlannedDateEventsController {
  constructor(private readonly dates: PlannedDatesService) {}

  /**
   * An event without the field comes from an auth older than it (a rolling upgrade, a replay) and
   * says nothing about the date, so the copy stays; a field that is not a date is refused, so the
   * event is retried and then dead-lettered rather than stored.
   */
  @EventPattern(EVENT_SUBJECTS.userUpdated)
  async userUpdated(@Payload() event: EventEnvelope<'auth.user.updated'>): Promise<void> {
    const plannedTestingDate: unknown = event.data.plannedTestingDate;
    if (plannedTestingDate === undefined) return;
    if (!isPlannedDate(plannedTestingDate)) {
      throw new Error(
        `auth.user.updated ${event.id}: plannedTestingDate is not 'YYYY-MM-DD' or null`,
      );
    }
    await this.dates.record(event.data.userId, plannedTestingDate, new Date(event.occurredAt));
  }
}
