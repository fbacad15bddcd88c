/** Full-page screenshots kept as test artifacts, one per page and colour scheme. */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';

export type ColourScheme = 'light' | 'dark';

const SCREENSHOT_DIR =
  process.env.E2E_SCREENSHOT_DIR ??
  fileURLToPath(new URL('../../test-results/screenshots', import.meta.url));

export const keepScreenshot = async (page: Page, name: string, scheme: ColourScheme) => {
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, scheme, `${name}.png`), fullPage: true });
};

/** Sets the stored dark-mode preference before the page loads. */
export const useColourScheme = async (page: Page, scheme: ColourScheme): Promise<void> => {
  await page.addInitScript(
    (dark) => window.localStorage.setItem('darkMode', dark ? 'true' : 'false'),
    scheme === 'dark',
  );
};
