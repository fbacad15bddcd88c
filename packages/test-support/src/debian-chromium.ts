/**
 * How the browser tests (playwright.config.ts) and the web app bench (scripts/bench) launch Debian's
 * Chromium (`apt-get install chromium`; Playwright's own browser download cannot work here):
 * headless, without the sandbox (root in a container), the GPU, QUIC, or the background traffic
 * of a first run, so every page load does only the page's work.
 */
export const DEBIAN_CHROMIUM = {
  executablePath: '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};
