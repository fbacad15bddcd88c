/**
 * One cold load of a page under a profile, in a browser context of its own (empty cache, no
 * cookies or storage but what the page spec puts there), read the way a user's browser would
 * report it.
 */
import type { Browser, Page } from '@playwright/test';
import {
  bytesCompleteBy,
  largestPaint,
  layoutShiftScore,
  sumOf,
  totalBlockingTime,
} from './figures';
import {
  LAST_LONG_TASK_END,
  OBSERVERS,
  SNAPSHOT,
  type LayoutShift,
  type PageSnapshot,
} from './in-page';
import { recordNetwork, type RequestRecord } from './network-log';
import { applyThrottling, type LoadProfile } from './profiles';
import { LOAD_TIMEOUT_MS, QUIET_MS } from './settings';
import type { BrowserStorage } from './bench-user';

export interface PageSpec {
  /** short name used in the report and the JSON: landing, dashboard, floor-static, floor-react */
  key: string;
  title: string;
  url: string;
  /** local storage entries (a signed-in student's) put in place before the page's own scripts run */
  storage?: BrowserStorage;
}

export interface LoadFigures {
  lcpMs: number | null;
  lcpElement: string | null;
  fcpMs: number | null;
  cls: number;
  clsSum: number;
  /** the shifts that count (no recent input), for finding what moved */
  shifts: LayoutShift[];
  tbtMs: number;
  encodedBytes: number;
  /** of encodedBytes, response status lines and headers */
  headerBytes: number;
  decodedBytes: number;
  encodedBytesBeforeFcp: number;
  requests: RequestRecord[];
  /** the page's path once loaded (a signed-in page that fell back to sign-in shows here) */
  path: string;
  /**
   * Which build was served: the entry script's hashed name and the document's size. The web app
   * may be rebuilt while the bench runs; runs of different builds must not be mixed unnoticed.
   */
  build: string;
}

function buildOf(requests: readonly RequestRecord[]): string {
  const entry = requests.find((request) => request.type === 'Script');
  const document = requests.find((request) => request.type === 'Document');
  const script = entry ? new URL(entry.url).pathname : 'no script';
  return `${script}, document ${document?.decodedBytes ?? 0} B`;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The load counts as over once the network has been idle for 500 ms (Playwright's networkidle)
 * and then no long task has run for QUIET_MS: the charts and other chunks fetched after the first
 * paint have arrived and run by then.
 */
async function waitForQuiet(page: Page): Promise<void> {
  const deadline = Date.now() + LOAD_TIMEOUT_MS;
  await page.waitForLoadState('networkidle', { timeout: LOAD_TIMEOUT_MS }).catch(() => undefined);
  while (Date.now() < deadline) {
    const { lastEnd, now } = (await page.evaluate(LAST_LONG_TASK_END)) as {
      lastEnd: number;
      now: number;
    };
    const quietFor = now - lastEnd;
    if (quietFor >= QUIET_MS) return;
    await sleep(Math.min(QUIET_MS - quietFor, 1000));
  }
}

function figuresOf(snapshot: PageSnapshot, requests: RequestRecord[]): LoadFigures {
  const lcp = largestPaint(snapshot.paints);
  const fcp = snapshot.firstContentfulPaint;
  const shifts = layoutShiftScore(snapshot.shifts);
  return {
    lcpMs: lcp?.time ?? null,
    lcpElement: lcp?.element ?? null,
    fcpMs: fcp,
    cls: shifts.sessionWindow,
    clsSum: shifts.sum,
    shifts: snapshot.shifts.filter((shift) => !shift.hadRecentInput),
    tbtMs: fcp === null ? 0 : totalBlockingTime(snapshot.longTasks, fcp, snapshot.now),
    encodedBytes: sumOf(requests, 'encodedBytes'),
    headerBytes: sumOf(requests, 'headerBytes'),
    decodedBytes: sumOf(requests, 'decodedBytes'),
    encodedBytesBeforeFcp: fcp === null ? 0 : bytesCompleteBy(requests, snapshot.responses, fcp),
    requests,
    path: snapshot.path,
    build: buildOf(requests),
  };
}

export async function loadOnce(
  browser: Browser,
  spec: PageSpec,
  profile: LoadProfile,
): Promise<LoadFigures> {
  const context = await browser.newContext(profile.context);
  try {
    if (spec.storage) {
      // Every document runs it, about:blank too, whose storage access throws.
      const store = Object.entries(spec.storage)
        .map(
          ([key, value]) =>
            `localStorage.setItem(${JSON.stringify(key)}, ${JSON.stringify(value)});`,
        )
        .join(' ');
      await context.addInitScript(`try { ${store} } catch (error) { /* no storage here */ }`);
    }
    await context.addInitScript(OBSERVERS);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const requests = await recordNetwork(cdp);
    await applyThrottling(cdp, profile);
    await page.goto(spec.url, { timeout: LOAD_TIMEOUT_MS });
    await waitForQuiet(page);
    const snapshot = (await page.evaluate(SNAPSHOT)) as PageSnapshot;
    return figuresOf(snapshot, requests());
  } finally {
    await context.close();
  }
}
