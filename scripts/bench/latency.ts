/** Percentiles of latencies the benches time themselves (autocannon gives its own). */

/** The p-th percentile (nearest rank) of ascending values; NaN when there are none. */
export const percentile = (sorted: readonly number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

/** The values' p50 and p99 (nearest rank). */
export function p50p99(values: readonly number[]): { p50: number; p99: number } {
  const sorted = [...values].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
}
