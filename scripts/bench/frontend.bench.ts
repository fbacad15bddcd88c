/**
 * `npm run bench` part for the web app (issue 6), run by scripts/bench.ts against the test-profile
 * product (BENCH_GATEWAY_URL; default http://127.0.0.1:9080). It reports and never fails:
 *  1. the landing page's JavaScript loaded before first paint (the hero), gzipped (target
 *     <= 250 KB), and in all (the demo charts and chart.js load after first paint);
 *  2. the dashboard's Largest Contentful Paint in Chromium with 4x CPU throttling (CDP) on
 *     loopback, for a signed-in user with two tests (target <= 1.5 s), median of BENCH_RUNS (3),
 *     and which element it was (the "Welcome, ..." heading, when the page works as intended);
 *  3. the same measure for two floor pages (lcp-floors.ts): a static page with only the heading,
 *     and React and MUI rendering an app bar and the heading, so the dashboard's figure shows what
 *     of it the browser and the stack take on the machine the bench runs on.
 */
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type Page } from '@playwright/test';
import { startFloorPages } from './lcp-floors';
import { registerBenchStudent } from './bench-account';

const BASE_URL =
  process.env.BENCH_GATEWAY_URL ?? process.env.E2E_BASE_URL ?? 'http://127.0.0.1:9080';
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const TARGET_FIRST_PAINT_JS_KB = 250;
const TARGET_LCP_MS = 1500;
const CPU_THROTTLING = 4;

const print = (line = '') => process.stdout.write(`${line}\n`);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const verdict = (ok: boolean) => (ok ? 'meets target' : 'OVER TARGET');

interface ScriptTiming {
  url: string;
  responseEnd: number;
}

/** Debian's Chromium, launched as the browser tests launch it (an ES module of the web app's). */
const launch = async (): Promise<Browser> => {
  const { DEBIAN_CHROMIUM } = await import('../../frontend/e2e/debian-chromium.js');
  return chromium.launch(DEBIAN_CHROMIUM);
};

const gzippedSize = async (url: string): Promise<number> => {
  const response = await fetch(url);
  return gzipSync(Buffer.from(await response.arrayBuffer())).length;
};

const sumGzipped = async (urls: readonly string[]): Promise<number> => {
  const sizes = await Promise.all(urls.map(gzippedSize));
  return sizes.reduce((sum, size) => sum + size, 0);
};

/*
 * The scripts below run in the page. They are strings because this file is type-checked with the
 * back end's Node-only libraries, which know nothing of the DOM.
 */
const SCRIPT_TIMINGS = `performance
  .getEntriesByType('resource')
  .filter((entry) => new URL(entry.name).pathname.endsWith('.js'))
  .map((entry) => ({ url: entry.name, responseEnd: entry.responseEnd }))`;

const FIRST_CONTENTFUL_PAINT = `new Promise((resolve) => {
  new PerformanceObserver((list) => {
    const entries = list.getEntries().filter((e) => e.name === 'first-contentful-paint');
    if (entries.length > 0) resolve(entries[0].startTime);
  }).observe({ type: 'paint', buffered: true });
})`;

/** The page's Largest Contentful Paint: when, and which element (tag and the start of its text). */
const LARGEST_PAINT = `new Promise((resolve) => {
  new PerformanceObserver((list) => {
    const entries = list.getEntries();
    const last = entries[entries.length - 1];
    if (!last) return;
    const element = last.element;
    const text = element ? (element.textContent || '').trim().slice(0, 40) : '';
    resolve({ time: last.startTime, element: element ? element.tagName.toLowerCase() + ' "' + text + '"' : String(last.url) });
  }).observe({ type: 'largest-contentful-paint', buffered: true });
})`;

interface LargestPaint {
  time: number;
  element: string;
}

const scriptTimings = async (page: Page): Promise<ScriptTiming[]> =>
  (await page.evaluate(SCRIPT_TIMINGS)) as ScriptTiming[];

const firstContentfulPaint = async (page: Page): Promise<number> =>
  (await page.evaluate(FIRST_CONTENTFUL_PAINT)) as number;

async function landingJavaScript(browser: Browser): Promise<void> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${BASE_URL}/`);
  await page.getByRole('heading', { level: 1 }).waitFor();
  const fcp = await firstContentfulPaint(page);
  await page.getByRole('heading', { name: 'MCAT Section Scores' }).waitFor();
  await page.waitForLoadState('networkidle');
  const scripts = await scriptTimings(page);
  await context.close();

  const beforePaint = scripts.filter((s) => s.responseEnd <= fcp).map((s) => s.url);
  const beforePaintBytes = await sumGzipped(beforePaint);
  const allBytes = await sumGzipped(scripts.map((s) => s.url));

  print('Landing page JavaScript, gzipped (level 6):');
  print(
    `  before first paint (FCP ${fcp.toFixed(0)} ms): ${kb(beforePaintBytes)} in ${beforePaint.length} files` +
      ` (target <= ${TARGET_FIRST_PAINT_JS_KB} KB: ${verdict(beforePaintBytes <= TARGET_FIRST_PAINT_JS_KB * 1024)})`,
  );
  print(`  in all, with the demo charts: ${kb(allBytes)} in ${scripts.length} files`);
}

interface BenchUser {
  token: string;
  hasTests: boolean;
}

async function signedInUser(): Promise<BenchUser | null> {
  let token: string;
  try {
    token = await registerBenchStudent(BASE_URL, { plannedTestingDate: '2031-04-18' });
  } catch (error) {
    print(
      `  could not register a user (${error instanceof Error ? error.message : String(error)})`,
    );
    return null;
  }
  const samples = [
    { dateTaken: '2025-01-04', source: 'Blueprint FL 1', subscores: [124, 123, 125, 126] },
    { dateTaken: '2025-02-01', source: 'AAMC FL 1', subscores: [126, 125, 128, 127] },
  ];
  let hasTests = true;
  for (const sample of samples) {
    const [chemPhys, cars, bio, psychSoc] = sample.subscores;
    const created = await fetch(`${BASE_URL}/api/tests`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify({
        dateTaken: sample.dateTaken,
        source: sample.source,
        subscores: { chemPhys, cars, bio, psychSoc },
        totalScore: chemPhys + cars + bio + psychSoc,
      }),
    });
    if (created.status !== 201) hasTests = false;
  }
  if (!hasTests)
    print('  the tests API refused the sample tests: the dashboard is measured without charts');
  return { token, hasTests };
}

/** One cold load of a page at 4x CPU throttling: its Largest Contentful Paint once it is ready. */
async function largestPaint(
  browser: Browser,
  url: string,
  { token, ready }: { token?: string; ready: (page: Page) => Promise<void> },
): Promise<LargestPaint> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  if (token) await context.addInitScript(`localStorage.setItem('token', ${JSON.stringify(token)})`);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_THROTTLING });
  await page.goto(url);
  await ready(page);
  await page.waitForLoadState('networkidle');
  const lcp = (await page.evaluate(LARGEST_PAINT)) as LargestPaint;
  await context.close();
  return lcp;
}

const dashboardLcp = (browser: Browser, { token, hasTests }: BenchUser): Promise<LargestPaint> =>
  largestPaint(browser, `${BASE_URL}/dashboard`, {
    token,
    ready: async (page) => {
      await page.getByRole('heading', { name: 'Quick Tips' }).waitFor();
      if (hasTests) await page.getByRole('heading', { name: 'MCAT Section Scores' }).waitFor();
    },
  });

const headingLcp = (browser: Browser, url: string): Promise<LargestPaint> =>
  largestPaint(browser, url, {
    ready: (page) => page.getByRole('heading', { name: 'Welcome, Bench Student!' }).waitFor(),
  });

interface Medians {
  median: number;
  runs: number[];
  elements: string[];
}

async function medianOf(load: () => Promise<LargestPaint>): Promise<Medians> {
  const paints: LargestPaint[] = [];
  for (let run = 0; run < RUNS; run += 1) paints.push(await load());
  const runs = paints.map((paint) => paint.time);
  const median = [...runs].sort((a, b) => a - b)[Math.floor(runs.length / 2)];
  return { median, runs, elements: [...new Set(paints.map((paint) => paint.element))] };
}

const describe = ({ median, runs }: Medians) =>
  `median ${median.toFixed(0)} ms of ${runs.map((r) => r.toFixed(0)).join(', ')} ms`;

/** The same measure for the two floor pages (lcp-floors.ts), so the figure above can be read. */
async function floors(browser: Browser): Promise<void> {
  print('  the same measure, on this machine, for pages the dashboard cannot be faster than:');
  let pages;
  try {
    pages = await startFloorPages();
  } catch (error) {
    print(`    not measured: the floor page did not build (${String(error)})`);
    return;
  }
  try {
    const staticPage = await medianOf(() => headingLcp(browser, pages.staticPageUrl));
    print(`    a static page holding only the heading: ${describe(staticPage)}`);
    const stackPage = await medianOf(() => headingLcp(browser, pages.stackPageUrl));
    print(`    React and MUI rendering an app bar and the heading: ${describe(stackPage)}`);
  } finally {
    await pages.close();
  }
}

async function main(): Promise<void> {
  print(`Web app bench against ${BASE_URL}`);
  const browser = await launch();
  try {
    await landingJavaScript(browser);
    print(`Dashboard Largest Contentful Paint, ${CPU_THROTTLING}x CPU throttling, cold cache:`);
    const user = await signedInUser();
    if (user === null) {
      print('  not measured: the auth API did not answer');
      return;
    }
    const dashboard = await medianOf(() => dashboardLcp(browser, user));
    print(
      `  ${describe(dashboard)}` +
        ` (target <= ${TARGET_LCP_MS} ms: ${verdict(dashboard.median <= TARGET_LCP_MS)})`,
    );
    print(`  largest contentful element: ${dashboard.elements.join('; ')}`);
    await floors(browser);
  } finally {
    await browser.close();
  }
}

main().catch((error: unknown) => {
  print(`web app bench failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
