/**
 * What the web bench measures against, how often, and the targets of issue 15 it prints next to
 * its figures (never failing on them).
 */
import path from 'node:path';
import { REPO_ROOT } from '@mcat/runner/ports';
import { positiveNumber } from '../bench-env';

export const BASE_URL =
  process.env.BENCH_GATEWAY_URL ?? process.env.E2E_BASE_URL ?? 'http://127.0.0.1:9080';

/** Cold loads per page and profile; the figures are their medians. */
export const RUNS = Math.round(positiveNumber(process.env.BENCH_RUNS, 5));

/** Lighthouse runs per page; the median run is reported (Lighthouse's advice is 3 to 5). */
export const LIGHTHOUSE_RUNS = Math.round(positiveNumber(process.env.BENCH_LIGHTHOUSE_RUNS, 3));

/**
 * How long the main thread must stay free of long tasks (after the network went idle) before a
 * load counts as finished: Lighthouse's TTI waits for a 5 s quiet window, and total blocking time
 * is summed up to that point.
 */
export const QUIET_MS = positiveNumber(process.env.BENCH_QUIET_MS, 5000);

/** Longest a single load may take before its figures are taken as they are. */
export const LOAD_TIMEOUT_MS = 60_000;

/** `loads`, `lighthouse` or unset (both): lets a developer rerun one part. */
export const PART = process.env.BENCH_WEB_PART ?? 'all';

export const REPORT_FILE = path.join(REPO_ROOT, '.test-data', 'reports', 'web-figures.json');

/** 1 KB = 1024 bytes throughout, as in the earlier web figures. */
export const KB = 1024;

/** Issue 15's targets, with issue 29's for the phone: dashboard LCP and Lighthouse performance. */
export const TARGETS = {
  lcpMs: {
    mobile: { landing: 2000, dashboard: 1200 },
    plain: { landing: 500, dashboard: 1000 },
  },
  landingBytesBeforePaint: 120 * KB,
  dashboardVisitBytes: 300 * KB,
  cls: 0.05,
  lighthouse: { performance: 98, accessibility: 100, 'best-practices': 100, seo: 100 },
} as const;
