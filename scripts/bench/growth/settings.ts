/**
 * What the growth bench measures, how much of it, and the targets of issue 26 it prints beside its
 * figures (never failing on them). BENCH_GROWTH_* tune it (docs/development.md, "Benchmark").
 */
import path from 'node:path';
import { TEST_PROFILE } from '@mcat/runner/ports';
import { positiveNumber } from '../bench-env';

const DEFAULT_SIZES = [0, 10_000, 100_000];

/**
 * BENCH_GROWTH_SIZES: the data set's sizes in questions, comma-separated, measured in increasing
 * order (the data only grows); the default when unset or when an entry is not a whole number >= 0.
 */
export function sizesFrom(value: string | undefined): number[] {
  if (value === undefined || value.trim() === '') return DEFAULT_SIZES;
  const sizes = value.split(',').map((entry) => Number(entry.trim()));
  if (sizes.some((size) => !Number.isInteger(size) || size < 0)) return DEFAULT_SIZES;
  return [...new Set(sizes)].sort((a, b) => a - b);
}

export const SIZES = sizesFrom(process.env.BENCH_GROWTH_SIZES);

/** New students measured per size, and the calls of each request each one makes. */
export const STUDENTS = Math.round(positiveNumber(process.env.BENCH_GROWTH_STUDENTS, 10));
export const CALLS = Math.round(positiveNumber(process.env.BENCH_GROWTH_CALLS, 3));

/** No new student is measured, and no new cascade run starts, once that part of a size has taken this long. */
export const BUDGET_S = positiveNumber(process.env.BENCH_GROWTH_BUDGET_S, 300);

export const CASCADE_RUNS = Math.round(positiveNumber(process.env.BENCH_GROWTH_CASCADE_RUNS, 10));

/** Seconds of keyed creates per size, by CREATING_STUDENTS students at once. */
export const CREATES_S = positiveNumber(process.env.BENCH_GROWTH_CREATES_S, 10);
export const CREATING_STUDENTS = 8;

/**
 * Seconds of each idle CPU reading, after SETTLE_S seconds of nothing: V8 still collects the
 * garbage of the last load for some seconds (the gateway read 1.8 % 7 s after the keyed creates).
 */
export const IDLE_S = positiveNumber(process.env.BENCH_GROWTH_IDLE_S, 10);
export const SETTLE_S = 15;

/** Questions each measured student logs (one test) before its first reads. */
export const MEASURED_QUESTIONS = 10;

/** A request not answered by then counts as failed (the gateway gives up on a service at 15 s). */
export const REQUEST_TIMEOUT_MS = 30_000;

export const TARGETS = {
  p99Ms: 50,
  /** p99 at a size over p99 on the empty database. */
  ratioToEmpty: 2,
  cascadeP99Ms: 300,
  idleCpuPercent: 1,
} as const;

/** The settings as the report records them. */
export const REPORTED = {
  sizes: SIZES,
  students: STUDENTS,
  callsPerStudent: CALLS,
  budgetSeconds: BUDGET_S,
  cascadeRuns: CASCADE_RUNS,
  createSeconds: CREATES_S,
  creatingStudents: CREATING_STUDENTS,
  idleSeconds: IDLE_S,
  questionsPerMeasuredStudent: MEASURED_QUESTIONS,
};

export const REPORT_FILE = path.join(TEST_PROFILE.dataDir, 'reports', 'growth-figures.json');
