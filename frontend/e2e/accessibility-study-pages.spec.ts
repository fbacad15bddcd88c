/** An axe scan and light and dark screenshots of the tests, questions, premium and billing pages. */
import { expect, test, type Page } from '@playwright/test';
import type { Question, Test } from '@mcat/contracts';
import { newAccount, registerThroughApi, signInPage } from './support/accounts';
import { expectNoSeriousViolations } from './support/accessibility';
import { keepScreenshot, useColourScheme, type ColourScheme } from './support/screenshots';
import {
  addQuestionThroughApi,
  addSampleTest,
  grantBillingRole,
  loginThroughApi,
} from './support/study-data';

interface Seed {
  student: string;
  staff: string;
  test: Test;
  question: Question;
}

interface PageVisit {
  name: string;
  path: (seed: Seed) => string;
  ready: string | RegExp;
  as?: 'staff';
}

const PAGES: readonly PageVisit[] = [
  { name: 'tests-list', path: () => '/tests', ready: 'Test History' },
  { name: 'test-new', path: () => '/tests/new', ready: 'Add New Test' },
  { name: 'test-detail', path: (s) => `/tests/${s.test._id}`, ready: 'Review Status' },
  { name: 'test-edit', path: (s) => `/tests/${s.test._id}/edit`, ready: 'Edit Test' },
  { name: 'review', path: (s) => `/tests/${s.test._id}/review`, ready: /^Review: / },
  {
    name: 'question-new',
    path: (s) => `/tests/${s.test._id}/questions/new`,
    ready: 'Add Missed Question',
  },
  {
    name: 'question-edit',
    path: (s) => `/questions/${s.question._id}/edit`,
    ready: 'Edit Missed Question',
  },
  { name: 'questions-list', path: () => '/questions', ready: '1 question' },
  { name: 'premium-checkout', path: () => '/premium?checkout=true', ready: /^Get Premium/ },
  { name: 'billing-denied', path: () => '/billing', ready: 'Billing' },
  { name: 'billing-staff', path: () => '/billing', ready: 'Billing Events', as: 'staff' },
];

const SCHEMES: readonly ColourScheme[] = ['light', 'dark'];

let seed: Seed;

test.beforeAll(async ({ playwright }, testInfo) => {
  const request = await playwright.request.newContext({
    baseURL: testInfo.project.use.baseURL,
  });
  const student = await registerThroughApi(request, newAccount('Axe Reviewer'));
  const test = await addSampleTest(request, student.token);
  const question = await addQuestionThroughApi(request, student.token, {
    test: test._id,
    section: 'Critical Analysis and Reasoning',
    questionNumber: 17,
    mistakeType: 'Time Pressure',
    topicTags: ['CARS - Inference'],
  });
  const staffAccount = newAccount('Axe Staff');
  await registerThroughApi(request, staffAccount);
  grantBillingRole(staffAccount.email);
  const staff = await loginThroughApi(request, staffAccount);
  seed = { student: student.token, staff: staff.token, test, question };
  await request.dispose();
});

const visit = async (page: Page, target: PageVisit) => {
  await page.goto(target.path(seed));
  await expect(page.getByRole('heading', { name: target.ready }).first()).toBeVisible();
  // The staff page keeps its live stream open, so the network never goes idle there.
  if (target.as === 'staff') await expect(page.getByTestId('stream-status')).toHaveText('Live');
  else await page.waitForLoadState('networkidle');
  await page.waitForTimeout(500);
};

for (const scheme of SCHEMES) {
  test.describe(`study pages in ${scheme}`, () => {
    test.use({ viewport: { width: 1280, height: 900 } });
    for (const target of PAGES) {
      test(`${target.name} has no serious accessibility violation`, async ({ page }) => {
        await signInPage(page, target.as === 'staff' ? seed.staff : seed.student);
        await useColourScheme(page, scheme);
        await visit(page, target);
        await keepScreenshot(page, target.name, scheme);
        await expectNoSeriousViolations(page);
      });
    }
  });
}

test('the questions as cards and an open confirm popup at 375 px have no serious violation', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await signInPage(page, seed.student);
  await page.goto(`/tests/${seed.test._id}`);
  const cards = page.getByRole('list', { name: 'Missed questions of this test' });
  await expect(cards.getByText('CARS', { exact: true })).toBeVisible();
  await cards.getByRole('button', { name: /^Delete question 17/ }).click();
  await expect(page.getByRole('dialog')).toContainText(
    'Are you sure you want to delete this question?',
  );
  await keepScreenshot(page, 'test-detail-mobile-confirm', 'light');
  await expectNoSeriousViolations(page);
});
