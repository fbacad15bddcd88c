/**
 * The score goal and projection's texts: the target score's validation, the projection's 422
 * answers, and the one sentence that explains the method (docs/adr/0024-score-projection.md).
 */
import { PLAN_LIMITS, TOTAL_SCORE_MAX, TOTAL_SCORE_MIN } from '../constants';

/** How many practice tests a projection needs. */
export const PROJECTION_MIN_TESTS = 3;
/** A test this many days older than another counts half as much in the trend. */
export const PROJECTION_HALF_LIFE_DAYS = 30;
/** The share of outcomes the projected range is meant to hold. */
export const PROJECTION_INTERVAL_PERCENT = 80;

export const TARGET_SCORE_MESSAGES = {
  notWhole: 'Target score must be a whole number',
  tooLow: `Target score must be at least ${TOTAL_SCORE_MIN}`,
  tooHigh: `Target score cannot exceed ${TOTAL_SCORE_MAX}`,
} as const;

/** "A projection needs at least 3 practice tests. Log 2 more to see one." */
export const projectionNeedsTests = (testCount: number): string =>
  `A projection needs at least ${PROJECTION_MIN_TESTS} practice tests. Log ${
    PROJECTION_MIN_TESTS - Math.max(0, Math.min(testCount, PROJECTION_MIN_TESTS))
  } more to see one.`;

export const PROJECTION_MESSAGES = {
  /** 422 PROJECTION_NEEDS_DATE: the profile has no planned testing date. */
  needsDate:
    'A projection is made for your planned MCAT date. Add the date on your profile to see one.',
  /** 503: the account service could not say the planned testing date. */
  unavailable: 'The projection is temporarily unavailable. Please try again in a moment.',
  /** The dashboard's message when the projection could not be loaded and the server said nothing. */
  loadFailed: 'Failed to load your score projection',
  /** The dashboard's hint when the profile has no target score. */
  noTarget: 'Set a target score on your profile to see how far the projection is from it.',
  /**
   * The dashboard's note to a free student under three tests: the free plan holds fewer tests
   * than a projection needs (docs/adr/0024-score-projection.md).
   */
  freePlan: `The free plan holds ${PLAN_LIMITS.free.tests} practice tests, and a projection needs ${PROJECTION_MIN_TESTS}. Upgrade to Premium to log up to ${PLAN_LIMITS.premium.tests} and see yours.`,
  /** What the dashboard says the projection is, in one sentence. */
  method: `A straight-line trend through your practice-test totals, where each test counts half as much as one taken ${PROJECTION_HALF_LIFE_DAYS} days later, extended to your test date; the range is where about ${PROJECTION_INTERVAL_PERCENT / 10} in 10 results would fall, always within ${TOTAL_SCORE_MIN}–${TOTAL_SCORE_MAX}.`,
} as const;
