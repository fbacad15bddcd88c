import { expect, test, type Page } from '@playwright/test';
import { newAccount, registerThroughApi, signInPage } from './support/accounts';
import { buyPremiumWithCoupon } from './support/premium';

/** The pages the build prerenders (src/prerender/render-page.tsx) and the titles they set. */
const PAGES = [
  ['/', 'Track your MCAT practice tests | MCAT Logbook'],
  ['/guide', 'Study Guide | MCAT Logbook'],
  ['/about', 'About | MCAT Logbook'],
  ['/login', 'Login | MCAT Logbook'],
  ['/register', 'Register | MCAT Logbook'],
] as const;

/** Console errors and uncaught exceptions of a page: a hydration mismatch is reported there. */
const collectErrors = (page: Page): string[] => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
};

/** Keeps the h1 the page painted, as it stood once the document was parsed. */
const keepPaintedHeading = async (page: Page): Promise<void> => {
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      (window as { paintedHeading?: Element | null }).paintedHeading = document.querySelector('h1');
    });
  });
};

/** Switches to `scheme`, trying again until the app runs (a click before then does nothing). */
const switchSchemeOnceRunning = async (page: Page, scheme: 'dark' | 'light'): Promise<void> => {
  await expect(async () => {
    await page.getByRole('button', { name: `Switch to ${scheme} mode` }).click();
    await expect(page.locator('html')).toHaveAttribute('data-color-scheme', scheme, {
      timeout: 1000,
    });
  }).toPass();
};

/** Expects the app to have taken the painted h1 over as it is, and no error on the way. */
const expectTakenOver = async (page: Page, errors: string[]): Promise<void> => {
  const sameHeading = await page.evaluate(() => {
    const painted = (window as { paintedHeading?: Element | null }).paintedHeading;
    return painted !== null && painted === document.querySelector('h1');
  });
  expect(sameHeading).toBe(true);
  expect(errors).toEqual([]);
};

test.describe('prerendered public pages', () => {
  test('paint their text, navigation and title before any script runs', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    for (const [path, title] of PAGES) {
      await page.goto(path);
      await expect(page).toHaveTitle(title);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const nav = page.getByRole('navigation', { name: 'Main' });
      await expect(nav.getByRole('link', { name: 'Register', exact: true })).toHaveAttribute(
        'href',
        '/register',
      );
    }
    await context.close();
  });

  test('never let the browser submit a form itself before the app runs', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Login' })).toBeDisabled();
    await page.getByLabel('Email').fill('student@example.com');
    await page.getByLabel('Password').fill('a secret passphrase');
    await page.getByLabel('Password').press('Enter');
    await expect(page).toHaveURL(/\/login$/);
    await context.close();
  });

  for (const [path] of PAGES) {
    test(`${path} is taken over by the app as it is, with no error`, async ({ page }) => {
      const errors = collectErrors(page);
      await keepPaintedHeading(page);
      await page.goto(path);
      // The app runs the page once the colour-scheme switch works (a click before then does nothing).
      await switchSchemeOnceRunning(page, 'dark');
      await expectTakenOver(page, errors);
    });
  }

  test('paint in the scheme the system prefers, or the one chosen, before the app runs', async ({
    browser,
  }) => {
    const context = await browser.newContext({ colorScheme: 'dark' });
    const page = await context.newPage();
    // Only the page, its inline colour-scheme script included: what is painted before the app runs.
    await page.route('**/assets/**', (route) => route.abort());
    const scheme = page.locator('html');
    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    await page.goto('/');
    await expect(scheme).toHaveAttribute('data-color-scheme', 'dark');
    expect(await background()).toBe('rgb(18, 18, 18)');
    await expect(page.getByRole('button', { name: 'Switch to light mode' })).toBeVisible();
    await page.evaluate(() => localStorage.setItem('darkMode', 'false'));
    await page.reload();
    await expect(scheme).toHaveAttribute('data-color-scheme', 'light');
    expect(await background()).toBe('rgb(245, 247, 250)');
    await context.close();
  });

  test('are taken over as they are in the dark scheme too, with no error', async ({ browser }) => {
    const context = await browser.newContext({ colorScheme: 'dark' });
    const page = await context.newPage();
    const errors = collectErrors(page);
    await keepPaintedHeading(page);
    await page.goto('/guide');
    await expect(page.locator('html')).toHaveAttribute('data-color-scheme', 'dark');
    await switchSchemeOnceRunning(page, 'light');
    await expectTakenOver(page, errors);
    await context.close();
  });

  test('are open to search engines, which get a robots.txt rather than the app', async ({
    request,
  }) => {
    const response = await request.get('/robots.txt');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toMatch(/^text\/plain/);
    expect(await response.text()).toContain('User-agent: *\nDisallow: /api/\n');
  });
});

test.describe("the dashboard's signed-in shell", () => {
  test.use({ viewport: { width: 412, height: 823 } });

  test('greets a returning student by name before any script runs', async ({ page, request }) => {
    const { token } = await registerThroughApi(request, newAccount('Shell Student'));
    await signInPage(page, token);
    await page.goto('/dashboard');
    await expect(page.getByRole('link', { name: 'View All Tests' })).toBeVisible();

    await page.route('**/assets/**', (route) => route.abort());
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Welcome, Shell Student!' })).toBeVisible();
    await expect(page).toHaveTitle('Dashboard | MCAT Logbook');
    await expect(page.getByRole('link', { name: 'View All Tests' })).toHaveCount(0);
  });

  test('is taken over by the app with the heading where it was painted, and no error', async ({
    page,
    request,
  }) => {
    // A planned date and no test: the projection card has its message without a 422 to log.
    const { token } = await registerThroughApi(request, newAccount('Steady Heading'), '2031-04-18');
    await signInPage(page, token);
    await page.goto('/dashboard');
    await expect(page.getByRole('link', { name: 'View All Tests' })).toBeVisible();

    const errors = collectErrors(page);
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        const heading = document.querySelector('h1');
        (window as { paintedHeading?: unknown }).paintedHeading = heading && {
          text: heading.textContent,
          box: heading.getBoundingClientRect().toJSON() as unknown,
        };
      });
    });
    await page.reload();
    await expect(page.getByRole('link', { name: 'View All Tests' })).toBeVisible();
    const [painted, final] = await page.evaluate(() => [
      (window as { paintedHeading?: unknown }).paintedHeading,
      document.querySelector('h1')?.getBoundingClientRect().toJSON() as unknown,
    ]);
    expect(painted).toEqual({ text: 'Welcome, Steady Heading!', box: final });
    expect(errors).toEqual([]);
  });

  test('is emptied for a visitor who is not signed in, whom the app sends to /', async ({
    page,
  }) => {
    await page.route('**/assets/**', (route) => route.abort());
    await page.goto('/dashboard');
    await expect(page.locator('#root')).toBeEmpty();
    await page.unroute('**/assets/**');
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Track your MCAT practice/);
  });
});

test.describe("the signed-in shell's navigation on a wide screen", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('shows a premium student the crown and no "Upgrade to Premium" before any script runs', async ({
    page,
    request,
  }) => {
    const { token } = await registerThroughApi(request, newAccount('Premium Shell'));
    await buyPremiumWithCoupon(request, token);
    await signInPage(page, token);
    await page.goto('/dashboard');
    await expect(page.getByTestId('premium-crown')).toBeVisible();

    await page.route('**/assets/**', (route) => route.abort());
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Welcome, Premium Shell!' })).toBeVisible();
    await expect(page.getByTestId('premium-crown')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Upgrade to Premium' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Billing' })).toHaveCount(0);
  });

  test('shows a free student "Upgrade to Premium" and no crown before any script runs', async ({
    page,
    request,
  }) => {
    const { token } = await registerThroughApi(request, newAccount('Free Shell'));
    await signInPage(page, token);
    await page.goto('/dashboard');
    await expect(page.getByRole('link', { name: 'Upgrade to Premium' })).toBeVisible();

    await page.route('**/assets/**', (route) => route.abort());
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Welcome, Free Shell!' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Upgrade to Premium' })).toBeVisible();
    await expect(page.getByTestId('premium-crown')).toHaveCount(0);
  });
});
