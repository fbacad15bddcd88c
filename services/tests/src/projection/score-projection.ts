/**
 * The score projection's arithmetic (docs/adr/0024-score-projection.md): a weighted least-squares
 * line through the practice-test totals against their dates, where a test counts half as much as
 * one taken PROJECTION_HALF_LIFE_DAYS later, read at the planned testing date, with an 80%
 * prediction interval around it; every figure rounded and clamped to 472–528. Pure: no I/O.
 */
import {
  PROJECTION_HALF_LIFE_DAYS,
  PROJECTION_MIN_TESTS,
  TOTAL_SCORE_MAX,
  TOTAL_SCORE_MIN,
} from '@mcat/contracts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The least spread (standard deviation, in points) assumed around the trend: a few tests that lie
 * exactly on a line do not make the next one certain. The AAMC gives ±2 around a real MCAT total;
 * a practice test is noisier.
 */
export const MIN_SPREAD_POINTS = 3;

/** Student's t, one-sided 90% (so two-sided 80%), by degrees of freedom 1 to 30. */
const T_90 = [
  3.078, 1.886, 1.638, 1.533, 1.476, 1.44, 1.415, 1.397, 1.383, 1.372, 1.363, 1.356, 1.35, 1.345,
  1.341, 1.337, 1.333, 1.33, 1.328, 1.325, 1.323, 1.321, 1.319, 1.318, 1.316, 1.315, 1.314, 1.313,
  1.311, 1.31,
] as const;

export const tQuantile90 = (degreesOfFreedom: number): number => {
  if (degreesOfFreedom > T_90.length) return degreesOfFreedom > 120 ? 1.282 : 1.296;
  return T_90[Math.max(1, Math.floor(degreesOfFreedom)) - 1] as number;
};

export interface ScoredTest {
  /** The calendar date at UTC midnight. */
  dateTaken: Date;
  totalScore: number;
}

export interface ProjectedScore {
  predictedScore: number;
  low: number;
  high: number;
}

const clampScore = (score: number): number =>
  Math.min(TOTAL_SCORE_MAX, Math.max(TOTAL_SCORE_MIN, Math.round(score)));

/**
 * The projection at `atDate` (a Date at UTC midnight) from at least PROJECTION_MIN_TESTS tests;
 * throws a RangeError with fewer. low ≤ predictedScore ≤ high, each within 472–528.
 */
export function projectScore(tests: readonly ScoredTest[], atDate: Date): ProjectedScore {
  if (tests.length < PROJECTION_MIN_TESTS) {
    throw new RangeError(`A projection needs at least ${PROJECTION_MIN_TESTS} tests`);
  }
  const days = tests.map((test) => test.dateTaken.getTime() / DAY_MS);
  const scores = tests.map((test) => test.totalScore);
  const latest = Math.max(...days);
  const raw = days.map((day) => 0.5 ** ((latest - day) / PROJECTION_HALF_LIFE_DAYS));
  const rawSum = raw.reduce((sum, w) => sum + w, 0);
  // Scaled to add up to the number of tests, so they act as repeat counts in the variance.
  const weights = raw.map((w) => (w * tests.length) / rawSum);
  const n = tests.length;
  const weighted = (values: readonly number[]): number =>
    values.reduce((sum, value, i) => sum + (weights[i] as number) * value, 0) / n;

  const meanDay = weighted(days);
  const meanScore = weighted(scores);
  const sxx = n * weighted(days.map((day) => (day - meanDay) ** 2));
  const sxy =
    n * weighted(days.map((day, i) => (day - meanDay) * ((scores[i] as number) - meanScore)));
  const hasTrend = sxx > 1e-9;
  const slope = hasTrend ? sxy / sxx : 0;
  const fitted = (day: number): number => meanScore + slope * (day - meanDay);

  const degreesOfFreedom = n - (hasTrend ? 2 : 1);
  const residualSquares =
    n * weighted(days.map((day, i) => ((scores[i] as number) - fitted(day)) ** 2));
  const variance = Math.max(residualSquares / degreesOfFreedom, MIN_SPREAD_POINTS ** 2);

  const atDay = atDate.getTime() / DAY_MS;
  const leverage = 1 / n + (hasTrend ? (atDay - meanDay) ** 2 / sxx : 0);
  const halfWidth = tQuantile90(degreesOfFreedom) * Math.sqrt(variance * (1 + leverage));
  const predicted = fitted(atDay);
  return {
    predictedScore: clampScore(predicted),
    low: clampScore(predicted - halfWidth),
    high: clampScore(predicted + halfWidth),
  };
}
