import { expect, test } from '@playwright/test';
import { addTestThroughApi, newAccount, registerThroughApi, signInPage } from './support/accounts';
import { expectChartDrawn } from './support/charts';

/** 'YYYY-MM-DD' of the local date `days` from today. */
const localDateIn = (days: number): string => {
  const date = new Date();
  date.setDate(date.getDate() + days);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
};

test.describe('dashboard', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('shows the countdown, both charts and the recent tests of the user', async ({
    page,
    request,
  }) => {
    const { token } = await registerThroughApi(request, newAccount('Grace'), localDateIn(10));
    await addTestThroughApi(request, token, {
      dateTaken: '2025-02-01',
      source: 'AAMC FL 1',
      subscores: { chemPhys: 125, cars: 124, bio: 127, psychSoc: 126 },
    });
    await addTestThroughApi(request, token, {
      dateTaken: '2025-01-04',
      source: 'Blueprint FL 1',
      subscores: { chemPhys: 123, cars: 122, bio: 124, psychSoc: 125 },
    });
    await signInPage(page, token);
    await page.goto('/dashboard');

    await expect(page.getByRole('heading', { name: 'Welcome, Grace!' })).toBeVisible();
    await expect(page.getByText('10 days until your MCAT')).toBeVisible();
    await expect(page.getByText(/^Test Date: /)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'MCAT Total Score' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'MCAT Section Scores' })).toBeVisible();
    await expectChartDrawn(page, 'MCAT Total Score', 'MCAT Total Score chart of 2 tests');

    const recent = page.getByRole('table', { name: 'Recent Tests' });
    await expect(recent.getByRole('row')).toHaveCount(3);
    await expect(recent.getByRole('link', { name: 'View Details' })).toHaveCount(2);
    await expect(recent).toContainText('AAMC FL 1');
    await expect(recent).toContainText('502');
    await expect(page.getByRole('link', { name: 'View All Tests' })).toHaveCount(1);

    const tips = page.getByRole('region', { name: 'Quick Tips' });
    for (const [name, href] of [
      ['Check the Guide', '/guide'],
      ['Track Missed Questions', '/questions'],
      ['Analyze Test Performance', '/tests'],
      ['Update Your Profile', '/profile'],
    ]) {
      await expect(tips.getByRole('link', { name })).toHaveAttribute('href', href);
    }
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test("the new user's welcome modal leads to the premium checkout", async ({ page, request }) => {
    const { token } = await registerThroughApi(request, newAccount('Lin'));
    await signInPage(page, token);
    await page.goto('/dashboard?newUser=true');
    await page.getByRole('dialog').getByRole('button', { name: 'Upgrade to Premium' }).click();
    await expect(page).toHaveURL(/\/premium\?checkout=true$/);
  });

  test("the new user's welcome shows once: a reload does not bring it back", async ({
    page,
    request,
  }) => {
    const { token } = await registerThroughApi(request, newAccount('Noor'));
    await signInPage(page, token);
    await page.goto('/dashboard?newUser=true');
    await expect(page.getByRole('dialog')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Welcome, Noor!' })).toBeVisible();
    await expect(page.getByText('No tests to display.')).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('a token the API refuses is removed and the browser goes to /login', async ({ page }) => {
    await signInPage(page, 'not-a-valid-token');
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });
});
