import type { TestMistakeCounts } from '@mcat/contracts';

/**
 * How a topic's misses move: the recent half of the tests against the earlier half (the middle
 * test of an odd number left out), compared by missed questions per test. A difference under
 * STEADY_BAND per test is steady; with fewer than two tests there is no trend (null).
 */
export type Trend = 'rising' | 'falling' | 'steady';

export const STEADY_BAND = 0.5;

export interface TrendSummary {
  trend: Trend | null;
  /** Missed questions per test in the earlier half, and in the recent half. */
  earlier: number;
  recent: number;
}

const mean = (values: readonly number[]): number =>
  values.length === 0 ? 0 : values.reduce((sum, v) => sum + v, 0) / values.length;

export function trendOf(perTest: readonly number[]): TrendSummary {
  const half = Math.floor(perTest.length / 2);
  if (half === 0) return { trend: null, earlier: 0, recent: 0 };
  const earlier = mean(perTest.slice(0, half));
  const recent = mean(perTest.slice(perTest.length - half));
  const change = recent - earlier;
  let trend: Trend = 'steady';
  if (change >= STEADY_BAND) trend = 'rising';
  else if (change <= -STEADY_BAND) trend = 'falling';
  return { trend, earlier, recent };
}

/** All of a test's questions, whatever their mistake type. */
export const testTotal = (test: TestMistakeCounts): number =>
  Object.values(test.counts).reduce((sum, n) => sum + (n ?? 0), 0);

/**
 * A narrowed answer's questions per test, in the order of `tests` (the student's tests with
 * questions, oldest first); 0 for a test the narrowed answer does not list.
 */
export function perTestCounts(
  tests: readonly TestMistakeCounts[],
  narrowed: readonly TestMistakeCounts[],
): number[] {
  const byTest = new Map(narrowed.map((t) => [t.testId, testTotal(t)]));
  return tests.map((t) => byTest.get(t.testId) ?? 0);
}
