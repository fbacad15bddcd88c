/**
 * The two ways the bench loads a page.
 *
 * - plain: no throttling, a desktop window (Lighthouse's desktop size, 1350x940): what the machine
 *   and the code cost, with nothing in the way.
 * - mobile: Lighthouse's "moto g power" phone (412x823 CSS px, device scale factor 1.75, mobile,
 *   touch, its user agent) on Lighthouse's slow 4G figures applied the way DevTools applies them
 *   (`Network.emulateNetworkConditions`: the latency is added to every request, and every response
 *   is paced to the throughput), and the CPU slowed down 4x (`Emulation.setCPUThrottlingRate`).
 *   Lighthouse's own "devtools" throttling scales these figures (request latency 150 x 3.75 ms,
 *   throughput x 0.9) to make up for connection reuse; the bench uses the plain figures of
 *   issue 15 instead, so it is a little kinder than Lighthouse's devtools mode.
 */
import type { BrowserContextOptions, CDPSession } from '@playwright/test';

export type ProfileName = 'plain' | 'mobile';

export interface NetworkConditions {
  /** Added to every request, ms. */
  latencyMs: number;
  /** Bytes per second. */
  downloadThroughput: number;
  uploadThroughput: number;
}

export interface LoadProfile {
  name: ProfileName;
  context: BrowserContextOptions;
  network: NetworkConditions | null;
  cpuSlowdown: number;
}

/** What Lighthouse 12.8 (core/config/constants.js) emulates for its default mobile run. */
const MOTO_G_POWER_USER_AGENT =
  'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) ' +
  'Chrome/136.0.0.0 Mobile Safari/537.36';

const kbitPerSecond = (kbit: number) => (kbit * 1024) / 8;

export const PLAIN: LoadProfile = {
  name: 'plain',
  context: { viewport: { width: 1350, height: 940 }, deviceScaleFactor: 1 },
  network: null,
  cpuSlowdown: 1,
};

export const MOBILE: LoadProfile = {
  name: 'mobile',
  context: {
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
    userAgent: MOTO_G_POWER_USER_AGENT,
  },
  // 1.6 Mbit/s down (204,800 bytes/s), 750 kbit/s up, 150 ms per request.
  network: {
    latencyMs: 150,
    downloadThroughput: kbitPerSecond(1.6 * 1024),
    uploadThroughput: kbitPerSecond(750),
  },
  cpuSlowdown: 4,
};

export const PROFILES: readonly LoadProfile[] = [PLAIN, MOBILE];

/** Applies the profile's throttling to the page behind `cdp`, before it navigates. */
export async function applyThrottling(cdp: CDPSession, profile: LoadProfile): Promise<void> {
  if (profile.network) {
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: profile.network.latencyMs,
      downloadThroughput: profile.network.downloadThroughput,
      uploadThroughput: profile.network.uploadThroughput,
    });
  }
  if (profile.cpuSlowdown !== 1) {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpuSlowdown });
  }
}
