import { createRequire } from 'node:module';
import { defineConfig, devices } from '@playwright/test';

// Shared with the web app bench (scripts/bench); CommonJS like the rest of test-support.
type DebianChromium = typeof import('@mcat/test-support/debian-chromium');
const { DEBIAN_CHROMIUM } = createRequire(import.meta.url)(
  '@mcat/test-support/debian-chromium',
) as DebianChromium;

/**
 * Browser tests against a running stack. `npm test` starts the stack on port 9080 first; no web
 * server is started from here. The JSON report is what the test runner sums.
 */
export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results/output',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [
    ['list'],
    ['json', { outputFile: process.env.E2E_JSON_REPORT ?? './test-results/e2e-report.json' }],
  ],
  use: {
    baseURL: process.env.E2E_BASE_URL ?? 'http://127.0.0.1:9080',
    screenshot: 'only-on-failure',
    trace: 'off',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: DEBIAN_CHROMIUM,
      },
    },
  ],
});
