/**
 * Reads the pass and fail counts out of each runner's JSON report, so `npm test` can print one
 * total. A report that is missing or unreadable counts as one failure: the runner crashed.
 */
import fs from 'node:fs';

export interface Counts {
  passed: number;
  failed: number;
}

/** jest's `--json` report; Vitest's JSON reporter writes the same shape. */
interface JestLikeReport {
  numPassedTests?: number;
  numFailedTests?: number;
  numRuntimeErrorTestSuites?: number;
}

/** Playwright's JSON reporter. */
interface PlaywrightReport {
  stats?: { expected?: number; unexpected?: number; flaky?: number };
  errors?: unknown[];
}

function readJson<T>(file: string): T | null {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as T;
  } catch {
    return null;
  }
}

/** A suite that could not run (a syntax error, a failing import) counts as one failure. */
export function jestCounts(file: string): Counts {
  const report = readJson<JestLikeReport>(file);
  if (!report) return { passed: 0, failed: 1 };
  return {
    passed: report.numPassedTests ?? 0,
    failed: (report.numFailedTests ?? 0) + (report.numRuntimeErrorTestSuites ?? 0),
  };
}

/** Flaky tests passed on a retry: they count as passed. Errors outside tests count as failures. */
export function playwrightCounts(file: string): Counts {
  const report = readJson<PlaywrightReport>(file);
  if (!report?.stats) return { passed: 0, failed: 1 };
  return {
    passed: (report.stats.expected ?? 0) + (report.stats.flaky ?? 0),
    failed: (report.stats.unexpected ?? 0) + (report.errors?.length ?? 0),
  };
}

/** A runner that exited non-zero failed, even when its report shows no failing test. */
export function withExitCode(counts: Counts, exitCode: number): Counts {
  return exitCode !== 0 && counts.failed === 0 ? { ...counts, failed: 1 } : counts;
}

export const summaryLine = (total: Counts) =>
  `tests: ${total.passed} passed, ${total.failed} failed`;
