/**
 * An axe scan and light and dark screenshots of the states a page only reaches after an action or
 * with data: the reset form of a valid link, "Check Your Email!", the dashboard with its charts,
 * the Free Tier Limit modal, the review's "Great job" screen and the premium success screen.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { Test } from '@mcat/contracts';
import { newAccount, registerThroughApi, signInPage } from './support/accounts';
import { expectNoSeriousViolations } from './support/accessibility';
import { waitForResetPath } from './support/mailbox';
import { keepScreenshot, useColourScheme, type ColourScheme } from './support/screenshots';
import { addSampleTest, saveCustomTestInForm } from './support/study-data';
import { expectChartDrawn } from './support/charts';

interface Seed {
  /** A free student with two tests (the free limit), the first one's review complete. */
  student: string;
  reviewedTest: Test;
  /** /reset-password/<token> of a link that is still valid. */
  resetPath: string;
}

interface PageState {
  name: string;
  /** Signs in where needed, brings the page to the state and waits until it shows. */
  reach: (page: Page, request: APIRequestContext) => Promise<void>;
}

/** The premium success screen leaves for the dashboard after 3 s. */
const PREMIUM_SUCCESS_MS = 3000;

/** Makes the page's timers of `delay` ms never fire, so a timed screen stays for the scan. */
const holdTimersOf = (page: Page, delay: number) =>
  page.addInitScript((held) => {
    const schedule = window.setTimeout.bind(window);
    const holding = (handler: TimerHandler, timeout?: number, ...args: unknown[]) =>
      timeout === held
        ? schedule(() => undefined, 2 ** 31 - 1)
        : schedule(handler, timeout, ...args);
    window.setTimeout = holding as typeof window.setTimeout;
  }, delay);

let seed: Seed;

const STATES: readonly PageState[] = [
  {
    name: 'reset-password-form',
    reach: async (page) => {
      await page.goto(seed.resetPath);
      await expect(page.getByLabel(/^New Password/)).toBeVisible();
    },
  },
  {
    name: 'forgot-password-sent',
    reach: async (page) => {
      await page.goto('/forgot-password');
      await page.getByLabel('Email').fill(newAccount().email);
      await page.getByRole('button', { name: 'Send Reset Link' }).click();
      await expect(page.getByRole('heading', { name: 'Check Your Email!' })).toBeVisible({
        timeout: 15_000,
      });
    },
  },
  {
    name: 'dashboard-charts',
    reach: async (page) => {
      await signInPage(page, seed.student);
      await page.goto('/dashboard');
      await expectChartDrawn(page, 'MCAT Total Score', 'MCAT Total Score chart of 2 tests');
      await expectChartDrawn(page, 'MCAT Section Scores', 'MCAT Section Scores chart of 2 tests');
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(2_200);
    },
  },
  {
    name: 'free-tier-limit-modal',
    reach: async (page) => {
      await signInPage(page, seed.student);
      await saveCustomTestInForm(page, '2025-03-01');
      await expect(page.getByRole('dialog', { name: 'Free Tier Limit Reached' })).toBeVisible();
    },
  },
  {
    name: 'review-complete',
    reach: async (page) => {
      await signInPage(page, seed.student);
      await page.goto(`/tests/${seed.reviewedTest._id}/review`);
      await expect(page.getByRole('heading', { name: /^Great job/ })).toBeVisible();
    },
  },
  {
    name: 'premium-success',
    reach: async (page, request) => {
      const { token } = await registerThroughApi(request, newAccount('Axe Premium'));
      await signInPage(page, token);
      await holdTimersOf(page, PREMIUM_SUCCESS_MS);
      await page.goto('/premium');
      await page.getByLabel('Coupon Code').fill('FREEMCAT');
      await page.getByRole('button', { name: 'Apply Coupon' }).click();
      await page.getByRole('button', { name: 'Claim Free Upgrade' }).click();
      await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
    },
  },
];

const SCHEMES: readonly ColourScheme[] = ['light', 'dark'];

test.beforeAll(async ({ playwright }, testInfo) => {
  const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  const student = await registerThroughApi(request, newAccount('Axe States'), '2031-01-15');
  const reviewedTest = await addSampleTest(request, student.token, { dateTaken: '2025-01-05' });
  await addSampleTest(request, student.token, {
    dateTaken: '2025-02-09',
    source: 'Blueprint FL 1',
    subscores: { chemPhys: 127, cars: 125, bio: 128, psychSoc: 127 },
  });
  const completed = await request.patch(`/api/tests/${reviewedTest._id}/review/complete`, {
    headers: { Authorization: `Bearer ${student.token}` },
  });
  expect(completed.status(), await completed.text()).toBe(200);

  const resetAccount = newAccount('Axe Reset');
  await registerThroughApi(request, resetAccount);
  const requested = await request.post('/api/auth/forgot-password', {
    data: { email: resetAccount.email },
  });
  expect(requested.status(), await requested.text()).toBe(200);
  const resetPath = await waitForResetPath(resetAccount.email);

  seed = { student: student.token, reviewedTest, resetPath };
  await request.dispose();
});

for (const scheme of SCHEMES) {
  test.describe(`page states in ${scheme}`, () => {
    test.use({ viewport: { width: 1280, height: 900 } });
    for (const state of STATES) {
      test(`${state.name} has no serious accessibility violation`, async ({ page, request }) => {
        await useColourScheme(page, scheme);
        await state.reach(page, request);
        // Let dialogs and screens finish their entrance transitions before the capture.
        await page.waitForTimeout(500);
        await keepScreenshot(page, state.name, scheme);
        await expectNoSeriousViolations(page);
      });
    }
  });
}
