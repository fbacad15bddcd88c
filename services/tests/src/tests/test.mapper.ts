import type { Test, TestSnapshot } from '@mcat/contracts';
import type { PracticeTest } from './test.schema';
import { testSnapshot } from './tests.events';

type StoredTest = PracticeTest & { _id: { toString(): string } };

/** A stored test as the API sends it: ids as text, dates as ISO timestamps. */
export function toApiTest(test: StoredTest): Test {
  const { subscores, review } = test;
  return {
    _id: test._id.toString(),
    userId: test.userId,
    dateTaken: test.dateTaken.toISOString(),
    source: test.source,
    subscores: {
      chemPhys: subscores.chemPhys,
      cars: subscores.cars,
      bio: subscores.bio,
      psychSoc: subscores.psychSoc,
    },
    totalScore: test.totalScore,
    createdAt: test.createdAt.toISOString(),
    review: {
      isComplete: review.isComplete,
      sectionsReviewed: {
        chemPhys: review.sectionsReviewed.chemPhys,
        cars: review.sectionsReviewed.cars,
        bio: review.sectionsReviewed.bio,
        psychSoc: review.sectionsReviewed.psychSoc,
      },
    },
  };
}

export const toSnapshot = (test: StoredTest): TestSnapshot =>
  testSnapshot(test._id.toString(), test);
