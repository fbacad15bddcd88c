import { expect, test, type Page } from '@playwright/test';
import { addTestThroughApi, newAccount, registerThroughApi, signInPage } from './support/accounts';
import {
  addQuestionThroughApi,
  grantBillingRole,
  loginThroughApi,
  SAMPLE_TEST,
} from './support/study-data';

/** A phone's width (an iPhone SE or mini, the narrowest still common). */
const PHONE = { width: 375, height: 740 };

test.use({ viewport: PHONE });

/**
 * The page fits the screen (no sideways scrolling of the page itself) and every link and button
 * of its main content can be brought into view and lies within the screen's width: a table wider
 * than the screen scrolls inside its own box, with its actions reachable.
 */
async function expectUsableAtPhoneWidth(page: Page, heading: string | RegExp): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  // Loading spinners gone (an indeterminate progressbar has no value; a score bar has one).
  await expect(page.locator('main [role="progressbar"]:not([aria-valuenow])')).toHaveCount(0);
  const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(pageWidth, 'the page is no wider than the screen').toBeLessThanOrEqual(PHONE.width);
  const actions = page.locator('main').locator('a:visible, button:visible');
  const count = await actions.count();
  expect(count).toBeGreaterThan(0);
  for (let index = 0; index < count; index += 1) {
    const action = actions.nth(index);
    await action.scrollIntoViewIfNeeded();
    const box = await action.boundingBox();
    const name = (await action.textContent())?.trim() || (await action.getAttribute('aria-label'));
    expect(box, `${name} has a box`).not.toBeNull();
    expect(box!.x, `${name} starts on the screen`).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width, `${name} ends on the screen`).toBeLessThanOrEqual(PHONE.width + 1);
  }
}

test('every signed-in page is usable on a 375 px wide screen', async ({ page, request }) => {
  test.setTimeout(120_000);
  const { token } = await registerThroughApi(request, newAccount('Phone Student'));
  const test1 = await addTestThroughApi(request, token, {
    ...SAMPLE_TEST,
    source: 'Blueprint Diagnostic Full-Length Practice Exam 1',
  });
  const question = await addQuestionThroughApi(request, token, {
    test: test1._id,
    section: 'Chemical and Physical Foundations',
    questionNumber: 12,
    topicTags: ['Thermodynamics', 'Enzyme kinetics'],
  });
  await signInPage(page, token);

  const pages: [string, string | RegExp][] = [
    ['/dashboard', 'Welcome, Phone Student!'],
    ['/tests', 'Your MCAT Tests'],
    ['/tests/new', 'Add New Test'],
    [`/tests/${test1._id}`, /Blueprint Diagnostic/],
    [`/tests/${test1._id}/edit`, 'Edit Test'],
    [`/tests/${test1._id}/review`, /^Review: Blueprint Diagnostic/],
    [`/tests/${test1._id}/questions/new`, 'Add Missed Question'],
    ['/questions', 'Missed Questions'],
    [`/questions/${question._id}/edit`, 'Edit Missed Question'],
    ['/profile', 'Your Profile'],
    ['/premium', 'Upgrade to Premium'],
  ];
  for (const [path, heading] of pages) {
    await test.step(path, async () => {
      await page.goto(path);
      await expectUsableAtPhoneWidth(page, heading);
    });
  }
});

test("the billing staff's page is usable on a 375 px wide screen", async ({ page, request }) => {
  const staff = newAccount('Phone Staff');
  await registerThroughApi(request, staff);
  grantBillingRole(staff.email);
  await signInPage(page, (await loginThroughApi(request, staff)).token);
  await page.goto('/billing');
  await expectUsableAtPhoneWidth(page, 'Billing');
});
