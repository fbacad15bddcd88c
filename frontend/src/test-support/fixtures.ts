/** Vitest fixtures: the records the server answers with, as the specs' stubs hand them out. */
import { DEFAULT_REVIEW_REMINDERS, type Question, type User } from '@mcat/contracts';

/** Ada, a signed-in student without a testing date or a target score; `changes` on top. */
export const studentUser = (changes: Partial<User> = {}): User => ({
  _id: '65a1b2c3d4e5f6a7b8c9d0e1',
  name: 'Ada',
  email: 'ada@example.com',
  plannedTestingDate: null,
  targetScore: null,
  isPremium: false,
  roles: ['student'],
  reviewReminders: { ...DEFAULT_REVIEW_REMINDERS },
  ...changes,
});

/** The practice test the stored questions belong to. */
export const QUESTIONS_TEST = {
  _id: 'a'.repeat(24),
  source: 'AAMC FL 1',
  dateTaken: '2025-01-15T00:00:00.000Z',
};

/**
 * `count` stored questions of one test, the newest first, their ids `0…0`, `0…1`, …; the
 * question at `index` tagged `tagOf(index)`.
 */
export const storedQuestions = (count: number, tagOf: (index: number) => string): Question[] =>
  Array.from({ length: count }, (_, i) => ({
    _id: String(i).padStart(24, '0'),
    test: QUESTIONS_TEST,
    section: 'Chemical and Physical Foundations',
    questionNumber: i + 1,
    mistakeType: '',
    wrongAnswerReason: 'Rushed',
    rightAnswerReason: 'Units',
    improvementPlan: 'Slow down',
    ankiCardMade: false,
    topicTags: [tagOf(i)],
    createdAt: new Date(Date.UTC(2025, 0, 1) - i * 1000).toISOString(),
  }));
