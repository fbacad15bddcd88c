/** A test's review status and progress. */
import { SECTION_KEYS, type Test } from '@mcat/contracts';

export type ReviewStatus = 'not started' | 'in progress' | 'complete';

export const reviewStatus = (review: Test['review']): ReviewStatus => {
  if (review.isComplete) return 'complete';
  return SECTION_KEYS.some((key) => review.sectionsReviewed[key]) ? 'in progress' : 'not started';
};

/** Reviewed sections out of four, in percent. */
export const reviewProgressPercent = (review: Test['review']): number =>
  (SECTION_KEYS.filter((key) => review.sectionsReviewed[key]).length / SECTION_KEYS.length) * 100;
