/**
 * Lighthouse 12 itself, in its default mode (mobile, moto g power screen, simulated slow 4G and
 * 4x CPU), driving Debian's Chromium through chrome-launcher.
 *
 * A signed-in page needs its token (and the name stored beside it) in localStorage before
 * Lighthouse navigates, and Lighthouse normally clears the origin's storage first. So for such a
 * page the bench opens the origin once in the same Chromium (at /api/health, which loads none of
 * the web app, so the HTTP cache stays cold for it), stores the entries there, and runs Lighthouse
 * with `disableStorageReset: true`. Each run gets a Chromium (and profile folder) of its own.
 */
import { chromium } from '@playwright/test';
import type { Flags, Result } from 'lighthouse' with { 'resolution-mode': 'import' };
import { debianChromium } from './chromium';
import { median } from './figures';
import { waitForProduct } from './product';
import { LIGHTHOUSE_RUNS } from './settings';
import type { BrowserStorage } from './bench-user';

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type Category = (typeof CATEGORIES)[number];

/** Audits the report shows without a pass or fail: never listed as failed. */
const UNSCORED = new Set(['informative', 'manual', 'notApplicable']);

/** Lighthouse's metric audits and the names the report gives them. */
const METRICS = {
  fcpMs: 'first-contentful-paint',
  lcpMs: 'largest-contentful-paint',
  tbtMs: 'total-blocking-time',
  cls: 'cumulative-layout-shift',
  speedIndexMs: 'speed-index',
} as const;

export interface FailedAudit {
  id: string;
  category: Category;
  /** the report group (metrics, diagnostics, a11y-names-labels, ...) */
  group: string | null;
  title: string;
  score: number | null;
  displayValue: string | null;
}

export interface LighthouseFigures {
  requestedUrl: string;
  finalUrl: string;
  /** 0-100, or null when Lighthouse could not score the category */
  scores: Record<Category, number | null>;
  metrics: Record<keyof typeof METRICS, number | null>;
  /** audits of the four categories scoring under 0.9, or that could not run (median run) */
  failed: FailedAudit[];
  runWarnings: string[];
  /** Lighthouse's measure of this machine's CPU speed at the time (higher is faster) */
  benchmarkIndex: number;
  /** every run's scores and metrics (`scores` and `metrics` above are their medians) */
  runs: Pick<LighthouseFigures, 'scores' | 'metrics'>[];
}

/**
 * chrome-launcher's own flags plus the browser tests' (@mcat/test-support/debian-chromium): the machine
 * has no network, so nothing may try to reach Google's services. Headless is named in its new
 * mode explicitly, as Lighthouse's documentation does.
 */
async function chromeFlags(): Promise<{ chromePath: string; flags: string[] }> {
  const setup = await debianChromium();
  const flags = setup.args.filter((flag) => !flag.startsWith('--headless'));
  return { chromePath: setup.executablePath, flags: ['--headless=new', ...flags] };
}

async function putInStorage(port: number, origin: string, storage: BrowserStorage): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const [context] = browser.contexts();
    const page = await context.newPage();
    await page.goto(new URL('/api/health', origin).href);
    await page.evaluate((entries) => {
      for (const [key, value] of entries) localStorage.setItem(key, value);
    }, Object.entries(storage));
    await page.close();
  } finally {
    // Closing a browser Playwright connected to only drops the connection.
    await browser.close();
  }
}

const hundred = (score: number | null | undefined) =>
  score === null || score === undefined ? null : Math.round(score * 100);

function failedAudits(lhr: Result): FailedAudit[] {
  const failed: FailedAudit[] = [];
  for (const category of CATEGORIES) {
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      const broken = audit.scoreDisplayMode === 'error';
      if (UNSCORED.has(audit.scoreDisplayMode)) continue;
      if (!broken && (audit.score === null || audit.score >= 0.9)) continue;
      failed.push({
        id: audit.id,
        category,
        group: ref.group ?? null,
        title: broken
          ? `${audit.title} (could not run: ${audit.errorMessage ?? '?'})`
          : audit.title,
        score: audit.score,
        displayValue: audit.displayValue ?? null,
      });
    }
  }
  return failed;
}

function figuresOf(lhr: Result): Omit<LighthouseFigures, 'runs'> {
  const scores = Object.fromEntries(
    CATEGORIES.map((category) => [category, hundred(lhr.categories[category]?.score)]),
  ) as Record<Category, number | null>;
  const metrics = Object.fromEntries(
    Object.entries(METRICS).map(([key, id]) => [key, lhr.audits[id]?.numericValue ?? null]),
  ) as Record<keyof typeof METRICS, number | null>;
  return {
    requestedUrl: lhr.requestedUrl ?? '',
    finalUrl: lhr.finalDisplayedUrl,
    scores,
    metrics,
    failed: failedAudits(lhr),
    runWarnings: lhr.runWarnings.map(String),
    benchmarkIndex: lhr.environment.benchmarkIndex,
  };
}

/** One Lighthouse run of `url`, signed in when a signed-in student's storage is given. */
async function runOnce(url: string, storage?: BrowserStorage): Promise<Result> {
  const { launch } = await import('chrome-launcher');
  const { default: lighthouse } = await import('lighthouse');
  const { chromePath, flags } = await chromeFlags();
  const chrome = await launch({ chromePath, chromeFlags: flags, logLevel: 'silent' });
  try {
    if (storage) await putInStorage(chrome.port, new URL(url).origin, storage);
    const settings: Flags = {
      port: chrome.port,
      logLevel: 'error',
      output: 'json',
      onlyCategories: [...CATEGORIES],
      disableStorageReset: Boolean(storage),
    };
    const result = await lighthouse(url, settings);
    if (!result) throw new Error('Lighthouse returned no result');
    // A page that did not load (the product restarting, an interstitial) has no figures to give.
    const failure = result.lhr.runtimeError;
    if (failure)
      throw new Error(`Lighthouse could not load ${url}: ${failure.code} ${failure.message}`);
    return result.lhr;
  } finally {
    chrome.kill();
  }
}

/** A run that fails is tried once more after the product answers again (it may be restarting). */
async function runWithRetry(url: string, storage?: BrowserStorage): Promise<Result> {
  try {
    return await runOnce(url, storage);
  } catch (error) {
    if (!(await waitForProduct())) throw error;
    return runOnce(url, storage);
  }
}

const medianOf = (values: (number | null)[]) =>
  median(values.filter((value): value is number => value !== null));

/**
 * LIGHTHOUSE_RUNS runs of `url`, since one simulated run moves by several points from the next:
 * each score and metric is the median over the runs; the failed audits are those of Lighthouse's
 * own median run (the run nearest the median FCP and time to interactive, as lighthouse-ci picks
 * it), so they come from one coherent run.
 */
export async function runLighthouse(
  url: string,
  storage?: BrowserStorage,
): Promise<LighthouseFigures> {
  const { computeMedianRun } = await import('lighthouse/core/lib/median-run.js');
  const results: Result[] = [];
  for (let run = 0; run < LIGHTHOUSE_RUNS; run += 1) results.push(await runWithRetry(url, storage));
  const runs = results.map(figuresOf);
  const medianRun = figuresOf(computeMedianRun(results));
  const scores = Object.fromEntries(
    CATEGORIES.map((category) => [category, medianOf(runs.map((run) => run.scores[category]))]),
  ) as Record<Category, number | null>;
  const metrics = Object.fromEntries(
    Object.keys(METRICS).map((key) => {
      const metric = key as keyof typeof METRICS;
      return [metric, medianOf(runs.map((run) => run.metrics[metric]))];
    }),
  ) as Record<keyof typeof METRICS, number | null>;
  return {
    ...medianRun,
    scores,
    metrics,
    runs: runs.map((run) => ({ scores: run.scores, metrics: run.metrics })),
  };
}
