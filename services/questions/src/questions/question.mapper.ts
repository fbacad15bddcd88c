import type { MistakeType, Question, SectionName, TestSummary } from '@mcat/contracts';
import type { MissedQuestion } from './question.schema';

export type StoredQuestion = MissedQuestion & { _id: { toString(): string } };

/** The id of a question's test, whether or not its summary was known. */
export const testIdOf = (q: Question): string => (typeof q.test === 'string' ? q.test : q.test._id);

/** A stored question as the API sends it, `test` populated from the projection where known. */
export const toApiQuestion = (q: StoredQuestion, test: TestSummary | undefined): Question => ({
  _id: q._id.toString(),
  test: test ?? q.testId,
  section: q.section as SectionName,
  questionNumber: q.questionNumber,
  mistakeType: q.mistakeType as MistakeType | '',
  wrongAnswerReason: q.wrongAnswerReason,
  rightAnswerReason: q.rightAnswerReason,
  improvementPlan: q.improvementPlan,
  ankiCardMade: q.ankiCardMade,
  topicTags: q.topicTags,
  createdAt: q.createdAt.toISOString(),
});
