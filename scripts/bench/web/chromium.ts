/** Debian's Chromium, launched with the flags the browser tests use (frontend/e2e/debian-chromium). */
import { chromium, type Browser } from '@playwright/test';

export interface ChromiumSetup {
  executablePath: string;
  args: string[];
}

/** The browser tests' launch options (an ES module of the web app's, hence the dynamic import). */
export async function debianChromium(): Promise<ChromiumSetup> {
  const { DEBIAN_CHROMIUM } = await import('../../../frontend/e2e/debian-chromium.js');
  return { executablePath: DEBIAN_CHROMIUM.executablePath, args: [...DEBIAN_CHROMIUM.args] };
}

export async function launchChromium(): Promise<Browser> {
  return chromium.launch(await debianChromium());
}
