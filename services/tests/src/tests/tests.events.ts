import { EVENT_SUBJECTS, type TestSnapshot } from '@mcat/contracts';
import { outboxEvent } from '@mcat/service-kit';
import type { PracticeTest } from './test.schema';

/** What the tests service publishes, as outbox entries written with the change itself. */
export const testSnapshot = (
  id: string,
  test: Pick<PracticeTest, 'userId' | 'source' | 'dateTaken'>,
): TestSnapshot => ({
  testId: id,
  userId: test.userId,
  source: test.source,
  dateTaken: test.dateTaken.toISOString(),
});

export const testCreated = (snapshot: TestSnapshot) =>
  outboxEvent(EVENT_SUBJECTS.testCreated, snapshot);

export const testUpdated = (snapshot: TestSnapshot) =>
  outboxEvent(EVENT_SUBJECTS.testUpdated, snapshot);

export const testDeleted = (testId: string, userId: string) =>
  outboxEvent(EVENT_SUBJECTS.testDeleted, { testId, userId });
