/**
 * Every page under every profile, RUNS times, each a cold load. The loads are interleaved (run 1
 * of every page and profile, then run 2, ...) so that a change in the machine's load, which the
 * shared development machine sees often, falls on all the figures alike rather than on one page.
 */
import type { Browser } from '@playwright/test';
import { loadOnce, type LoadFigures, type PageSpec } from './page-load';
import { firstLine, waitForProduct } from './product';
import type { LoadProfile, ProfileName } from './profiles';
import { print } from './report';
import { RUNS } from './settings';
import { summarise, type PageSummary } from './summary';

export type PageSummaries = Record<string, Partial<Record<ProfileName, PageSummary>>>;

interface Cell {
  loads: LoadFigures[];
  failures: string[];
}

/**
 * One load; if it fails (the product restarting), wait for the product and try once more, so a
 * restart costs a run only when it outlasts the wait.
 */
async function loadWithRetry(
  browser: Browser,
  page: PageSpec,
  profile: LoadProfile,
): Promise<LoadFigures> {
  try {
    return await loadOnce(browser, page, profile);
  } catch (error) {
    if (!(await waitForProduct())) throw error;
    return loadOnce(browser, page, profile);
  }
}

export async function measureMatrix(
  browser: Browser,
  pages: readonly PageSpec[],
  profiles: readonly LoadProfile[],
): Promise<PageSummaries> {
  const cells = new Map<string, Cell>();
  const cell = (page: PageSpec, profile: LoadProfile): Cell => {
    const key = `${page.key}/${profile.name}`;
    const found = cells.get(key) ?? { loads: [], failures: [] };
    cells.set(key, found);
    return found;
  };
  for (let run = 1; run <= RUNS; run += 1) {
    const started = Date.now();
    for (const page of pages) {
      for (const profile of profiles) {
        const target = cell(page, profile);
        try {
          target.loads.push(await loadWithRetry(browser, page, profile));
        } catch (error) {
          target.failures.push(`run ${run}: ${firstLine(error)}`);
        }
      }
    }
    print(`  run ${run} of ${RUNS} done in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  }
  const summaries: PageSummaries = {};
  for (const page of pages) {
    summaries[page.key] = {};
    for (const profile of profiles) {
      const { loads, failures } = cell(page, profile);
      summaries[page.key][profile.name] = summarise(loads, failures);
    }
  }
  return summaries;
}
