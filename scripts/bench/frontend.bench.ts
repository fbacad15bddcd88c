/**
 * `npm run bench` part for the web app (issues 6 and 15), run by scripts/bench.ts against the
 * test-profile product, or by hand against any running product (BENCH_GATEWAY_URL). It measures
 * pages the way users load them and prints figures with the targets beside them; it never fails
 * on a target (exit 0 whatever the figures).
 *
 *  1. In Debian's Chromium through Playwright and a DevTools session: the landing page `/`
 *     (anonymous) and the dashboard (a new student with two sample tests, returning: the token and
 *     the name the web app stores in localStorage),
 *     plus the two floor pages of lcp-floors.ts, each loaded cold (a new browser context per
 *     load) BENCH_RUNS times (5) under two profiles (web/profiles.ts): plain, and mobile (phone
 *     screen, slow 4G, CPU 4x). Per page and profile, the medians of: LCP and its element, FCP,
 *     CLS, total blocking time, bytes on the wire and decoded, bytes complete before first paint,
 *     and how the responses were compressed; each LCP also as a ratio to the React+MUI floor.
 *  2. Lighthouse 12 in its default mobile mode on the landing page and the signed-in dashboard,
 *     BENCH_LIGHTHOUSE_RUNS (3) runs each: the median run's four category scores, its metrics and
 *     the audits that failed.
 *
 * Every figure is also written to .test-data/reports/web-figures.json. BENCH_WEB_PART=loads or
 * =lighthouse runs one part only; BENCH_QUIET_MS (5000) sets the quiet window that ends a load.
 * docs/benchmarks-log.md ("Web app: page loads as users get them") says how to read the figures and records them.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser } from '@playwright/test';
import { startFloorPages, type FloorPages } from './lcp-floors';
import { createBenchUser, type BenchUser, type BrowserStorage } from './web/bench-user';
import { launchChromium } from './web/chromium';
import { runLighthouse, type LighthouseFigures } from './web/lighthouse-run';
import { measureMatrix, type PageSummaries } from './web/load-matrix';
import type { PageSpec } from './web/page-load';
import { firstLine, waitForProduct } from './web/product';
import { PROFILES, type ProfileName } from './web/profiles';
import { describeProfile, print, printLighthouse, printPage, type PageTargets } from './web/report';
import {
  BASE_URL,
  LIGHTHOUSE_RUNS,
  PART,
  QUIET_MS,
  REPORT_FILE,
  RUNS,
  TARGETS,
} from './web/settings';

interface WebFigures {
  measuredAt: string;
  baseUrl: string;
  chromium: string | null;
  runsPerPage: number;
  quietMs: number;
  profiles: Record<ProfileName, string>;
  targets: typeof TARGETS;
  pages: PageSummaries;
  /** per page: Lighthouse's figures, or why there are none */
  lighthouse: Record<string, LighthouseFigures | { error: string }>;
}

async function benchUser(): Promise<BenchUser | null> {
  try {
    const user = await createBenchUser(BASE_URL);
    if (!user.hasTests) print('  the tests API refused a sample test: the dashboard has no charts');
    return user;
  } catch (error) {
    print(`  could not register the bench user (${firstLine(error)}): no dashboard figures`);
    return null;
  }
}

const APP_PAGES = {
  landing: { title: 'Landing page /', path: '/' },
  dashboard: { title: 'Dashboard /dashboard, signed in', path: '/dashboard' },
} as const;

function pagesToLoad(user: BenchUser | null, floors: FloorPages | null): PageSpec[] {
  const pages: PageSpec[] = [
    { key: 'landing', title: APP_PAGES.landing.title, url: `${BASE_URL}/` },
  ];
  if (user) {
    const { title } = APP_PAGES.dashboard;
    pages.push({ key: 'dashboard', title, url: `${BASE_URL}/dashboard`, storage: user.storage });
  }
  if (floors) {
    pages.push(
      {
        key: 'floor-react',
        title: 'Floor: React+MUI app bar and heading',
        url: floors.stackPageUrl,
      },
      { key: 'floor-static', title: 'Floor: static heading page', url: floors.staticPageUrl },
    );
  }
  return pages;
}

function targetsFor(key: string, profile: ProfileName): PageTargets {
  if (key === 'landing') {
    const lcpMs = TARGETS.lcpMs[profile].landing;
    // On loopback every file arrives before the first frame, so only the mobile profile tells
    // what the first paint waited for.
    const bytesBeforePaint = profile === 'mobile' ? TARGETS.landingBytesBeforePaint : undefined;
    return { lcpMs, cls: TARGETS.cls, bytesBeforePaint };
  }
  if (key === 'dashboard') {
    const lcpMs = TARGETS.lcpMs[profile].dashboard;
    return { lcpMs, cls: TARGETS.cls, visitBytes: TARGETS.dashboardVisitBytes };
  }
  return {};
}

function printLoads(pages: readonly PageSpec[], summaries: PageSummaries): void {
  for (const page of pages) {
    print(`${page.title} (${page.url})`);
    for (const profile of PROFILES) {
      const summary = summaries[page.key]?.[profile.name];
      if (!summary) continue;
      const floor = summaries['floor-react']?.[profile.name]?.lcpMs.median ?? null;
      const expectedPath = new URL(page.url).pathname;
      const targets = targetsFor(page.key, profile.name);
      printPage(profile.name, expectedPath, summary, targets, floor);
    }
  }
}

async function startFloors(): Promise<FloorPages | null> {
  try {
    return await startFloorPages();
  } catch (error) {
    print(`  the floor pages did not build (${firstLine(error)}): no floor figures`);
    return null;
  }
}

async function measureLoads(browser: Browser, user: BenchUser | null): Promise<PageSummaries> {
  print('Page loads in Chromium, cold cache, profiles:');
  for (const profile of PROFILES) print(`  ${describeProfile(profile)}`);
  const floors = await startFloors();
  try {
    const pages = pagesToLoad(user, floors);
    const summaries = await measureMatrix(browser, pages, PROFILES);
    printLoads(pages, summaries);
    return summaries;
  } finally {
    await floors?.close();
  }
}

async function measureLighthouse(user: BenchUser | null): Promise<WebFigures['lighthouse']> {
  print(
    `Lighthouse (default mobile mode: simulated slow 4G, CPU 4x, moto g power screen), ` +
      `median of ${LIGHTHOUSE_RUNS} runs:`,
  );
  const figures: WebFigures['lighthouse'] = {};
  const runs: [string, string, BrowserStorage | undefined][] = [
    ['landing', `${BASE_URL}/`, undefined],
    ['dashboard', `${BASE_URL}/dashboard`, user?.storage],
  ];
  for (const [key, url, storage] of runs) {
    const { title } = APP_PAGES[key as keyof typeof APP_PAGES];
    if (key === 'dashboard' && !storage) {
      figures[key] = { error: 'no signed-in user' };
      continue;
    }
    try {
      const result = await runLighthouse(url, storage);
      figures[key] = result;
      printLighthouse(title, result);
    } catch (error) {
      figures[key] = { error: firstLine(error) };
      print(`  ${title}: not measured (${firstLine(error)})`);
    }
  }
  return figures;
}

async function writeReport(figures: WebFigures): Promise<void> {
  await mkdir(path.dirname(REPORT_FILE), { recursive: true });
  await writeFile(REPORT_FILE, `${JSON.stringify(figures, null, 2)}\n`);
  print(`Figures written to ${path.relative(process.cwd(), REPORT_FILE)}`);
}

async function main(): Promise<void> {
  print(`Web app bench against ${BASE_URL}`);
  if (!(await waitForProduct())) {
    print(`  ${BASE_URL}/api/health did not answer for 3 minutes: nothing measured`);
    return;
  }
  const user = await benchUser();
  const browser = await launchChromium();
  const figures: WebFigures = {
    measuredAt: new Date().toISOString(),
    baseUrl: BASE_URL,
    chromium: browser.version(),
    runsPerPage: RUNS,
    quietMs: QUIET_MS,
    profiles: Object.fromEntries(
      PROFILES.map((profile) => [profile.name, describeProfile(profile)]),
    ) as Record<ProfileName, string>,
    targets: TARGETS,
    pages: {},
    lighthouse: {},
  };
  try {
    if (PART !== 'lighthouse') figures.pages = await measureLoads(browser, user);
  } finally {
    await browser.close();
  }
  if (PART !== 'loads') figures.lighthouse = await measureLighthouse(user);
  await writeReport(figures);
}

main().catch((error: unknown) => {
  // Figures, not tests: a bench that could not finish says so and still exits 0.
  print(`web app bench failed: ${firstLine(error)}`);
});
