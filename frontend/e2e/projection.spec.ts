/**
 * The score goal and projection in the browser: the target score on the profile, the projection
 * card on the dashboard (the range, the gap to the target, the method, the server's message under
 * three tests), the target in the total chart's table, at desktop and phone width, light and dark.
 */
import { createRequire } from 'node:module';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoSeriousViolations } from './support/accessibility';
import { addTestThroughApi, newAccount, registerThroughApi, signInPage } from './support/accounts';
import { buyPremiumWithCoupon } from './support/premium';
import { keepScreenshot, useColourScheme, type ColourScheme } from './support/screenshots';
import { expectChartDrawn } from './support/charts';

// The contracts are CommonJS: values are required, as e2e/support/mailbox.ts does.
const { PROJECTION_MESSAGES, TARGET_SCORE_MESSAGES } = createRequire(import.meta.url)(
  '@mcat/contracts',
) as typeof import('@mcat/contracts');

/** 'YYYY-MM-DD' of the local date `days` from today. */
const localDateIn = (days: number): string => {
  const date = new Date();
  date.setDate(date.getDate() + days);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
};

/** A test `daysAgo` days before today whose sections add up to `total`. */
const scored = (daysAgo: number, total: number, source: string) => {
  const extra = total - 472;
  const share = Math.floor(extra / 4);
  return {
    dateTaken: localDateIn(-daysAgo),
    source,
    subscores: {
      chemPhys: 118 + share,
      cars: 118 + share,
      bio: 118 + share,
      psychSoc: 118 + extra - 3 * share,
    },
  };
};

/** A premium student 30 days from the test, with a target of 511 and `tests` practice tests. */
const studentWithTests = async (request: APIRequestContext, tests: number): Promise<string> => {
  const account = newAccount('Rosalind');
  const { token, user } = await registerThroughApi(request, account, localDateIn(30));
  await buyPremiumWithCoupon(request, token);
  const profile = await request.put('/api/auth/me', {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      name: user.name,
      email: user.email,
      plannedTestingDate: localDateIn(30),
      targetScore: 511,
    },
  });
  expect(profile.status(), await profile.text()).toBe(200);
  const history: [number, number][] = [
    [60, 498],
    [40, 501],
    [20, 503],
  ];
  for (const [daysAgo, total] of history.slice(0, tests)) {
    await addTestThroughApi(request, token, scored(daysAgo, total, `FL ${daysAgo}`));
  }
  return token;
};

const projectionCard = (page: Page) => page.getByRole('region', { name: 'Score Projection' });

/** Signs the page in with `token` and answers the projection card on the dashboard. */
const dashboardCard = async (page: Page, token: string) => {
  await signInPage(page, token);
  await page.goto('/dashboard');
  return projectionCard(page);
};

/** A 'YYYY-MM-DD' date as the page writes it in the projection ("May 12, 2026" in en-US). */
const shownDate = (page: Page, isoDate: string): Promise<string> =>
  page.evaluate((iso) => {
    const [year, month, day] = iso.split('-').map(Number) as [number, number, number];
    const format = new Intl.DateTimeFormat(undefined, {
      month: 'short',
      day: 'numeric',
      year: 'numeric',
    });
    return format.format(new Date(year, month - 1, day));
  }, isoDate);

test.describe('score goal and projection', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('the profile takes a target score, refuses one outside 472–528, and clears it', async ({
    page,
    request,
  }) => {
    const { token } = await registerThroughApi(request, newAccount('Marie'), localDateIn(60));
    await signInPage(page, token);
    await page.goto('/profile');
    const target = page.getByLabel('Target Score');
    await expect(target).toHaveValue('');

    await target.fill('600');
    await page.getByRole('button', { name: 'Update Profile' }).click();
    await expect(page.getByText(TARGET_SCORE_MESSAGES.tooHigh)).toBeVisible();

    await target.fill('511');
    await page.getByRole('button', { name: 'Update Profile' }).click();
    await expect(page.getByText('Profile updated successfully')).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Target Score')).toHaveValue('511');

    await page.getByLabel('Target Score').fill('');
    await page.getByRole('button', { name: 'Update Profile' }).click();
    await expect(page.getByText('Profile updated successfully')).toBeVisible();
    const me = await request.get('/api/auth/me', { headers: { Authorization: `Bearer ${token}` } });
    expect(((await me.json()) as { targetScore: unknown }).targetScore).toBeNull();
  });

  test('the dashboard shows the projection with its range, the gap to the target and the method', async ({
    page,
    request,
  }) => {
    const token = await studentWithTests(request, 3);
    await signInPage(page, token);
    await page.goto('/dashboard');

    await expect(page.getByText('30 days until your MCAT')).toBeVisible();
    const card = projectionCard(page);
    await expect(card.getByText(/^Projected \d{3} \(\d{3}–\d{3}\) on /)).toBeVisible();
    await expect(
      card.getByText(/(\d+ points? below|At or above) your target of 511/),
    ).toBeVisible();
    await expect(card.getByText(/^How it is made: A straight-line trend/)).toBeVisible();

    await expectChartDrawn(
      page,
      'MCAT Total Score',
      'MCAT Total Score chart of 3 tests, with your target score of 511',
    );
    await page.getByRole('button', { name: 'Show as table' }).click();
    const table = page.getByRole('table', { name: /MCAT Total Score by test/ });
    await expect(table).toContainText('your target score is 511');
    await expect(table.getByRole('row')).toHaveCount(4);
    await expect(table).toContainText('vs. Target Score (511)');
    await expect(table).toContainText('−13');
  });

  test('a date changed on the profile is the date of the projection back on the dashboard', async ({
    page,
    request,
  }) => {
    const token = await studentWithTests(request, 3);
    const card = await dashboardCard(page, token);
    const before = await shownDate(page, localDateIn(30));
    await expect(card.getByText(new RegExp(`^Projected .* on ${before}$`))).toBeVisible();

    await page.goto('/profile');
    await page.getByLabel('Planned MCAT Date').fill(localDateIn(45));
    await page.getByRole('button', { name: 'Update Profile' }).click();
    await expect(page.getByText('Profile updated successfully')).toBeVisible();
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'MCAT Logbook' })
      .click();
    const after = await shownDate(page, localDateIn(45));
    await expect(card.getByText(new RegExp(`^Projected .* on ${after}$`))).toBeVisible();
    await expect(page.getByText('45 days until your MCAT')).toBeVisible();
  });

  test("under three tests the card shows the server's message, and a new test brings the projection", async ({
    page,
    request,
  }) => {
    const token = await studentWithTests(request, 2);
    const card = await dashboardCard(page, token);
    await expect(
      card.getByText('A projection needs at least 3 practice tests. Log 1 more to see one.'),
    ).toBeVisible();
    await expect(card.getByRole('link', { name: 'Add New Test' })).toHaveAttribute(
      'href',
      '/tests/new',
    );
    await addTestThroughApi(request, token, scored(5, 505, 'FL 5'));
    await page.reload();
    await expect(card.getByText(/^Projected \d{3} \(\d{3}–\d{3}\) on /)).toBeVisible();
  });

  test('a free student at the plan limit is shown the way to Premium, not to a refused test', async ({
    page,
    request,
  }) => {
    const { token } = await registerThroughApi(request, newAccount('Barbara'), localDateIn(30));
    await addTestThroughApi(request, token, scored(40, 500, 'FL A'));
    await addTestThroughApi(request, token, scored(20, 503, 'FL B'));
    const card = await dashboardCard(page, token);
    await expect(
      card.getByText('A projection needs at least 3 practice tests. Log 1 more to see one.'),
    ).toBeVisible();
    await expect(card.getByText(PROJECTION_MESSAGES.freePlan)).toBeVisible();
    await expect(card.getByRole('link', { name: 'Add New Test' })).toHaveCount(0);
    await card.getByRole('link', { name: 'Upgrade to Premium' }).click();
    await expect(page).toHaveURL(/\/premium$/);
  });

  test('without a planned date the card points to the profile', async ({ page, request }) => {
    const { token } = await registerThroughApi(request, newAccount('Dorothy'));
    const card = await dashboardCard(page, token);
    await expect(card.getByText(/Add the date on your profile/)).toBeVisible();
    await card.getByRole('link', { name: 'Go to Profile' }).click();
    await expect(page).toHaveURL(/\/profile$/);
  });
});

test.describe('at phone width', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  for (const scheme of ['light', 'dark'] as const satisfies readonly ColourScheme[]) {
    test(`the projection card fits 375 px and passes axe in ${scheme}`, async ({
      page,
      request,
    }) => {
      const token = await studentWithTests(request, 3);
      await useColourScheme(page, scheme);
      const card = await dashboardCard(page, token);
      await expect(card.getByText(/^Projected \d{3}/)).toBeVisible();
      const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(pageWidth).toBeLessThanOrEqual(375);
      const box = await card.boundingBox();
      expect(box!.x + box!.width).toBeLessThanOrEqual(376);
      await page.getByRole('button', { name: 'Show as table' }).click();
      await expect(page.getByRole('list', { name: /MCAT Total Score by test/ })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        375,
      );
      await expectNoSeriousViolations(page);
      await keepScreenshot(page, 'projection-dashboard-phone', scheme);
    });
  }
});
