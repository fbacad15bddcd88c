/** An axe scan and a kept screenshot of every page, in light and in dark. */
import { expect, test, type Page } from '@playwright/test';
import { newAccount, registerThroughApi, signInPage } from './support/accounts';
import { expectNoSeriousViolations } from './support/accessibility';
import { keepScreenshot, useColourScheme, type ColourScheme } from './support/screenshots';

interface PageVisit {
  name: string;
  path: string;
  /** Text that shows the page has finished loading. */
  ready: string | RegExp;
}

const PUBLIC_PAGES: readonly PageVisit[] = [
  { name: 'landing', path: '/', ready: 'MCAT Section Scores' },
  { name: 'guide', path: '/guide', ready: 'MCAT Study Guide' },
  { name: 'about', path: '/about', ready: /^About / },
  { name: 'login', path: '/login', ready: 'Login' },
  { name: 'register', path: '/register', ready: 'Create Your Account' },
  { name: 'forgot-password', path: '/forgot-password', ready: 'Forgot Password' },
  {
    name: 'reset-password-invalid',
    path: '/reset-password/not-a-real-token',
    ready: 'Invalid or Expired Link',
  },
  { name: 'not-found', path: '/no-such-page', ready: 'Page Not Found' },
];

const SIGNED_IN_PAGES: readonly PageVisit[] = [
  { name: 'dashboard', path: '/dashboard', ready: 'Quick Tips' },
  { name: 'dashboard-welcome-modal', path: '/dashboard?newUser=true', ready: /^Welcome to / },
  { name: 'profile', path: '/profile', ready: 'Change Password' },
  { name: 'tests', path: '/tests', ready: 'Your MCAT Tests' },
  { name: 'questions', path: '/questions', ready: 'Missed Questions' },
  { name: 'premium', path: '/premium', ready: 'Upgrade to Premium' },
];

const SCHEMES: readonly ColourScheme[] = ['light', 'dark'];

const visit = async (page: Page, target: PageVisit) => {
  await page.goto(target.path);
  await expect(page.getByRole('heading', { name: target.ready }).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(2_200);
};

for (const scheme of SCHEMES) {
  test.describe(`public pages in ${scheme}`, () => {
    for (const target of PUBLIC_PAGES) {
      test(`${target.name} has no serious accessibility violation`, async ({ page }) => {
        await useColourScheme(page, scheme);
        await visit(page, target);
        await keepScreenshot(page, target.name, scheme);
        await expectNoSeriousViolations(page);
      });
    }
  });

  test.describe(`signed-in pages in ${scheme}`, () => {
    for (const target of SIGNED_IN_PAGES) {
      test(`${target.name} has no serious accessibility violation`, async ({ page, request }) => {
        const { token } = await registerThroughApi(
          request,
          newAccount('Axe Student'),
          '2031-01-15',
        );
        await signInPage(page, token);
        await useColourScheme(page, scheme);
        await visit(page, target);
        await keepScreenshot(page, target.name, scheme);
        await expectNoSeriousViolations(page);
      });
    }
  });
}

test('at 375 px the open mobile menu has no serious accessibility violation', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'MCAT Section Scores' })).toBeVisible();
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.locator('#mobile-menu');
  await expect(menu.getByRole('link', { name: 'Register' })).toBeInViewport();
  await page.waitForTimeout(2_200);
  await keepScreenshot(page, 'landing-mobile-menu', 'light');
  await expectNoSeriousViolations(page);
});
