import { expect, test } from '@playwright/test';
import { expectChartDrawn } from './support/charts';

test.describe('public pages', () => {
  test('the landing page pitches the product with its demo charts and a way to register', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: 'Register Now' })).toHaveAttribute(
      'href',
      '/register',
    );
    await expect(main.getByRole('link', { name: 'Login', exact: true })).toHaveAttribute(
      'href',
      '/login',
    );
    await expect(page.getByRole('heading', { name: 'MCAT Total Score' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'MCAT Section Scores' })).toBeVisible();
    for (const section of ['Chem/Phys', 'CARS', 'Bio', 'Psych/Soc']) {
      await expect(page.getByRole('checkbox', { name: section })).toBeChecked();
    }
    await expectChartDrawn(page, 'MCAT Total Score', /MCAT Total Score chart of 5 tests/);
    await expect(page.getByRole('heading', { name: 'Features' })).toBeVisible();
    await expect(page.locator('blockquote')).toHaveCount(3);
    await expect(main.getByRole('link', { name: 'Get Started for Free' })).toHaveAttribute(
      'href',
      '/register',
    );
  });

  test('a section toggle hides and shows its line', async ({ page }) => {
    await page.goto('/');
    const cars = page.getByRole('checkbox', { name: 'CARS' });
    await cars.uncheck();
    await expect(cars).not.toBeChecked();
    await cars.check();
    await expect(cars).toBeChecked();
  });

  test('the signed-out navigation lists Start, Guide, About, Login and Register', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/guide');
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const [name, href] of [
      ['Start', '/'],
      ['Guide', '/guide'],
      ['About', '/about'],
      ['Login', '/login'],
      ['Register', '/register'],
    ]) {
      await expect(nav.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    }
    await expect(nav.getByRole('link', { name: 'MCAT Logbook' })).toHaveAttribute('href', '/');
    await expect(nav.getByRole('button', { name: 'Logout' })).toHaveCount(0);
    await expect(nav.getByRole('link', { name: 'Upgrade to Premium' })).toHaveCount(0);
  });

  test('the guide tells about the 6 official exams and 8-10 recommended tests', async ({
    page,
  }) => {
    await page.goto('/guide');
    await expect(page.getByRole('heading', { level: 1, name: 'MCAT Study Guide' })).toBeVisible();
    await expect(page.getByText(/publishes 6 official practice exams/)).toBeVisible();
    await expect(page.getByText(/take 8-10 full-length practice tests/)).toBeVisible();
    await expect(page.getByRole('link', { name: 'AAMC MCAT Official Prep' })).toBeVisible();
  });

  test('the about page has the donation link and the support contact', async ({ page }) => {
    await page.goto('/about');
    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: 'Buy Me a Coffee' })).toHaveAttribute(
      'href',
      /^https?:\/\//,
    );
    await expect(main.getByText(/Write to us at \S+@\S+/)).toBeVisible();
  });

  test('the footer carries the donation link, the team link, support and the copyright line', async ({
    page,
  }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('link', { name: 'Buy Me a Coffee' })).toBeVisible();
    await expect(footer.getByRole('link', { name: 'About the Dev Team' })).toHaveAttribute(
      'href',
      '/about',
    );
    await expect(footer.getByText(/Support: \S+@\S+/)).toBeVisible();
    await expect(footer).toContainText(
      `© ${new Date().getFullYear()} MCAT Logbook. All rights reserved.`,
    );
  });

  test('an unknown path shows Page Not Found with links to the main places', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
    const links = page.getByRole('navigation', { name: 'Helpful links' });
    for (const [name, href] of [
      ['Home', '/'],
      ['Tests', '/tests'],
      ['Questions', '/questions'],
      ['Guide', '/guide'],
      ['Profile', '/profile'],
    ]) {
      await expect(links.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    }
  });

  test('a protected route sends a signed-out visitor to the landing page', async ({ page }) => {
    for (const path of ['/dashboard', '/profile', '/tests', '/questions', '/premium']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole('link', { name: 'Register Now' })).toBeVisible();
    }
  });

  test('the colour scheme follows the system until chosen; the choice survives a reload', async ({
    page,
  }) => {
    const scheme = page.locator('html');
    const stored = () => page.evaluate(() => localStorage.getItem('darkMode'));
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/');
    await expect(scheme).toHaveAttribute('data-color-scheme', 'light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(scheme).toHaveAttribute('data-color-scheme', 'dark');
    await page.emulateMedia({ colorScheme: 'light' });
    // A click before the app has taken the page over does nothing: retried until it does.
    await expect(async () => {
      await page.getByRole('button', { name: 'Switch to dark mode' }).click();
      await expect(scheme).toHaveAttribute('data-color-scheme', 'dark', { timeout: 1000 });
    }).toPass();
    expect(await stored()).toBe('true');
    await page.reload();
    await expect(scheme).toHaveAttribute('data-color-scheme', 'dark');
    await expect(page.getByRole('button', { name: 'Switch to light mode' })).toBeVisible();
    await expect(async () => {
      await page.getByRole('button', { name: 'Switch to light mode' }).click();
      await expect(scheme).toHaveAttribute('data-color-scheme', 'light', { timeout: 1000 });
    }).toPass();
    // Light is the system's preference: choosing it forgets the choice, the system leads again.
    expect(await stored()).toBeNull();
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(scheme).toHaveAttribute('data-color-scheme', 'dark');
  });

  test('the page body carries the dark-mode class exactly while dark mode is on, from the first paint', async ({
    page,
  }) => {
    const body = page.locator('body');
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/');
    await expect(body).not.toHaveClass(/\bdark-mode\b/);
    await expect(async () => {
      await page.getByRole('button', { name: 'Switch to dark mode' }).click();
      await expect(body).toHaveClass(/\bdark-mode\b/, { timeout: 1000 });
    }).toPass();
    // Present before any of the app's scripts ran: read as the parser builds the page.
    await page.reload({ waitUntil: 'commit' });
    await page.waitForSelector('body');
    expect(await page.evaluate(() => document.body.classList.contains('dark-mode'))).toBe(true);
    await expect(async () => {
      await page.getByRole('button', { name: 'Switch to light mode' }).click();
      await expect(body).not.toHaveClass(/\bdark-mode\b/, { timeout: 1000 });
    }).toPass();
  });

  test.describe('at 375 px wide', () => {
    test.use({ viewport: { width: 375, height: 740 } });

    test('the menu toggle opens the links and a link click closes the menu', async ({ page }) => {
      await page.goto('/');
      const menu = page.locator('#mobile-menu');
      await expect(menu).toHaveCount(0);
      await page.getByRole('button', { name: 'Open menu' }).click();
      await expect(menu).toBeVisible();
      for (const name of ['Start', 'Guide', 'About', 'Login', 'Register']) {
        await expect(menu.getByRole('link', { name, exact: true })).toBeVisible();
      }
      await menu.getByRole('link', { name: 'Guide' }).click();
      await expect(page).toHaveURL(/\/guide$/);
      await expect(menu).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute(
        'aria-expanded',
        'false',
      );
    });

    test('the page does not scroll sideways', async ({ page }) => {
      await page.goto('/');
      await expect(page.getByRole('heading', { name: 'MCAT Total Score' })).toBeVisible();
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
    });
  });
});
