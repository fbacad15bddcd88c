import { z } from 'zod';
import { TOTAL_SCORE_MAX, TOTAL_SCORE_MIN } from '../constants';
import { TARGET_SCORE_MESSAGES } from '../messages';

/**
 * The profile's optional target score (472–528). '' (an empty form field), null or no value at all
 * mean "no target" (stored as null, as for the planned testing date); a number typed into a form
 * arrives as text and is read as that number.
 */
export const targetScore = z.preprocess(
  (value: unknown) => {
    if (value === '' || value === null || value === undefined) return null;
    // Digits only: Number() would also read '0x1F0', '1e3' or ' 511 ' as a number.
    if (typeof value === 'string' && /^\d+$/.test(value)) return Number(value);
    return value;
  },
  z
    .number({ error: TARGET_SCORE_MESSAGES.notWhole })
    .int(TARGET_SCORE_MESSAGES.notWhole)
    .min(TOTAL_SCORE_MIN, TARGET_SCORE_MESSAGES.tooLow)
    .max(TOTAL_SCORE_MAX, TARGET_SCORE_MESSAGES.tooHigh)
    .nullable(),
);

/**
 * `GET /api/tests/projection`: the total score the student's trend points to on the planned
 * testing date, and the range around it; low ≤ predictedScore ≤ high, all within 472–528.
 */
export interface ScoreProjection {
  predictedScore: number;
  low: number;
  high: number;
  /** The planned testing date the projection is for, 'YYYY-MM-DD'. */
  atDate: string;
}
