/**
 * A student's first minutes in Debian's Chromium, on a product reached at `baseUrl` (the test
 * cluster's Traefik): sign up on /register, close the welcome, log a full-length test on
 * /tests/new, and find it among the dashboard's recent tests. The same labels and texts as the web
 * app's browser tests (frontend/e2e); it throws, with the page's address, at the step that fails.
 */
import { chromium, type Page } from '@playwright/test';
import { DEBIAN_CHROMIUM } from '@mcat/test-support/debian-chromium';

const STEP_TIMEOUT_MS = 30_000;
const TEST_SOURCE = 'Blueprint FL 2';

async function step(page: Page, what: string, action: () => Promise<unknown>): Promise<void> {
  try {
    await action();
  } catch (error) {
    throw new Error(`In the browser, ${what} failed at ${page.url()}: ${String(error)}`);
  }
}

export async function studentInTheBrowser(
  baseUrl: string,
  log: (line: string) => void,
): Promise<{ seconds: number }> {
  const started = Date.now();
  const browser = await chromium.launch({
    executablePath: DEBIAN_CHROMIUM.executablePath,
    // *.localhost is the loopback, where the relay listens, whatever the machine's resolver says.
    args: [...DEBIAN_CHROMIUM.args, '--host-resolver-rules=MAP *.localhost 127.0.0.1'],
  });
  try {
    const page = await browser.newPage({
      baseURL: baseUrl,
      viewport: { width: 1280, height: 900 },
    });
    page.setDefaultTimeout(STEP_TIMEOUT_MS);
    const email = `browser-${Date.now()}@example.com`;
    await step(page, 'signing up', async () => {
      await page.goto('/register');
      await page.getByLabel('Name').fill('Cluster Student');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel(/^Password/).fill('cluster-password-1');
      await page.getByLabel('Confirm Password').fill('cluster-password-1');
      await page.getByLabel('Planned MCAT Date').fill('2031-05-02');
      await page.getByRole('button', { name: 'Register' }).click();
      await page.waitForURL(/\/dashboard$/);
    });
    await step(page, 'closing the welcome', async () => {
      await page.getByRole('dialog').getByRole('button', { name: 'Maybe Later' }).click();
      await page.getByRole('heading', { name: 'Welcome, Cluster Student!' }).waitFor();
    });
    log(`signed up as ${email}`);
    await step(page, 'logging a test', async () => {
      await page.goto('/tests/new');
      await page.getByLabel('Date Taken').fill('2025-02-01');
      await page.getByRole('combobox', { name: 'Test Source' }).click();
      await page.getByRole('option', { name: TEST_SOURCE }).click();
      await page.getByLabel('Chem/Phys Score').fill('125');
      await page.getByLabel('CARS Score').fill('124');
      await page.getByLabel('Bio Score').fill('127');
      await page.getByLabel('Psych/Soc Score').fill('126');
      await page.getByRole('button', { name: 'Save Test' }).click();
      await page.waitForURL(/\/tests\/[0-9a-f]{24}\/review$/);
    });
    await step(page, 'finding the test on the dashboard', async () => {
      await page.goto('/dashboard');
      const row = page
        .getByRole('row')
        .filter({ has: page.getByRole('rowheader', { name: TEST_SOURCE }) });
      await row.getByRole('cell', { name: '502' }).waitFor();
    });
    return { seconds: (Date.now() - started) / 1000 };
  } finally {
    await browser.close();
  }
}
