/**
 * Percentiles of latencies the benches time themselves, and the figures they take from an
 * autocannon run (which gives its own).
 */
import type autocannon from 'autocannon';

/** One autocannon run: mean throughput, p50 and p99 in ms, and the requests that failed. */
export interface LoadFigures {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  failed: number;
}

export const loadFigures = (result: autocannon.Result): LoadFigures => ({
  requestsPerSecond: result.requests.average,
  p50: result.latency.p50,
  p99: result.latency.p99,
  failed: result.non2xx + result.errors + result.timeouts,
});

/** The p-th percentile (nearest rank) of ascending values; NaN when there are none. */
export const percentile = (sorted: readonly number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

/** The values' p50 and p99 (nearest rank). */
export function p50p99(values: readonly number[]): { p50: number; p99: number } {
  const sorted = [...values].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
}
