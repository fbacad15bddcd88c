/** Debian's Chromium, launched with the flags the browser tests use (@mcat/test-support). */
import { chromium, type Browser } from '@playwright/test';
import { DEBIAN_CHROMIUM } from '@mcat/test-support/debian-chromium';

export interface ChromiumSetup {
  executablePath: string;
  args: string[];
}

/** The browser tests' launch options. */
export async function debianChromium(): Promise<ChromiumSetup> {
  return { executablePath: DEBIAN_CHROMIUM.executablePath, args: [...DEBIAN_CHROMIUM.args] };
}

export async function launchChromium(): Promise<Browser> {
  return chromium.launch(await debianChromium());
}
