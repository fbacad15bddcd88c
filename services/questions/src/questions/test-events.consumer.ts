import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { EVENT_SUBJECTS, type EventEnvelope } from '@mcat/contracts';
import { TestSummariesService } from '../test-summaries/test-summaries.service';
import { testIdOf } from './question.mapper';
import { QuestionListCache } from './question-list.cache';
import { QuestionsService } from './questions.service';

/**
 * What questions consumes from the tests service: the test summaries shown on questions, and the
 * cascade of a deleted test. Every handler is idempotent (delivery is at least once).
 */
@Controller()
export class TestEventsController {
  constructor(
    private readonly summaries: TestSummariesService,
    private readonly questions: QuestionsService,
    private readonly lists: QuestionListCache,
  ) {}

  @EventPattern(EVENT_SUBJECTS.testCreated)
  async testCreated(@Payload() event: EventEnvelope<'tests.test.created'>): Promise<void> {
    await this.summaries.record(event.data, new Date(event.occurredAt));
    await this.lists.changed([event.data.userId]);
  }

  @EventPattern(EVENT_SUBJECTS.testUpdated)
  async testUpdated(@Payload() event: EventEnvelope<'tests.test.updated'>): Promise<void> {
    await this.summaries.record(event.data, new Date(event.occurredAt));
    await this.lists.changed([event.data.userId]);
  }

  /**
   * The test's questions leave the user's list at once, before any scan: once the test is marked
   * deleted, the kept list loses them and any rebuild skips them. Deleting them and giving their
   * places back (two scans on FerretDB) follows, before the ack.
   */
  @EventPattern(EVENT_SUBJECTS.testDeleted)
  async testDeleted(@Payload() event: EventEnvelope<'tests.test.deleted'>): Promise<void> {
    const { testId, userId } = event.data;
    await this.summaries.markDeleted(testId, userId, new Date(event.occurredAt));
    await this.lists.removed(userId, (question) => testIdOf(question) === testId);
    await this.questions.deleteForTest(testId);
  }
}
