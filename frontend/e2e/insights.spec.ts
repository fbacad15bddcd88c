/**
 * /insights (issue 18): the empty state, then the findings, the stacked bars with their table,
 * the shaded sections × mistake types table and the topics with their trend; reached from the nav
 * and the dashboard; no serious accessibility violation in light or dark; usable at 375 px.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoSeriousViolations } from './support/accessibility';
import { newAccount, registerThroughApi, signInPage } from './support/accounts';
import { keepScreenshot, useColourScheme, type ColourScheme } from './support/screenshots';
import { addQuestionThroughApi, addTwoSampleTests } from './support/study-data';

const CP = 'Chemical and Physical Foundations';
const BIO = 'Biological and Biochemical Foundations';

/** A student with two tests: careless errors fall from 4 to 1, Enzymes misses rise. */
async function studentWithQuestions(request: APIRequestContext): Promise<string> {
  const { token } = await registerThroughApi(request, newAccount('Iris Insight'));
  const [first, second] = await addTwoSampleTests(request, token, 'AAMC FL 2');
  let number = 1;
  const add = (test: string, section: string, mistakeType: string, topicTags: string[]) =>
    addQuestionThroughApi(request, token, {
      test,
      section: section as typeof CP,
      questionNumber: number++,
      mistakeType: mistakeType as 'Careless Error',
      topicTags,
    });
  for (let i = 0; i < 4; i += 1) await add(first._id, CP, 'Careless Error', ['Optics']);
  await add(first._id, BIO, 'Content Gap', ['Enzymes']);
  await add(second._id, CP, 'Careless Error', ['Optics']);
  for (let i = 0; i < 3; i += 1) await add(second._id, BIO, 'Content Gap', ['Enzymes']);
  await add(second._id, BIO, '', []);
  return token;
}

const ready = async (page: Page) => {
  await expect(page.getByRole('heading', { level: 1, name: 'Insights' })).toBeVisible();
  await expect(page.locator('main [role="progressbar"]:not([aria-valuenow])')).toHaveCount(0);
};

test.describe('at desktop width', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('a student without questions is told what to do', async ({ page, request }) => {
    const { token } = await registerThroughApi(request, newAccount('Nina Nothing'));
    await signInPage(page, token);
    await page.goto('/dashboard');
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Insights' })
      .click();
    await expect(page).toHaveURL(/\/insights$/);
    await expect(page.getByRole('heading', { name: 'No missed questions yet' })).toBeVisible();
    await page.getByRole('link', { name: 'Add a Test' }).click();
    await expect(page).toHaveURL(/\/tests\/new$/);
  });

  test('findings, charts and tables of a student’s questions', async ({ page, request }) => {
    const token = await studentWithQuestions(request);
    await signInPage(page, token);
    await page.goto('/dashboard');
    await page.getByRole('link', { name: 'View Insights' }).click();
    await ready(page);

    const findings = page.getByRole('region', { name: 'What stands out' });
    await expect(findings).toContainText(
      'Careless errors fell from 4 to 1 over your last two tests.',
    );
    await expect(findings).toContainText(
      'Enzymes is rising: 3 missed questions per test recently, up from 1 earlier.',
    );
    await expect(findings).toContainText('1 question has no mistake type yet');

    await expect(
      page.getByRole('img', { name: /Stacked bar chart of mistake types over 2 tests/ }),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Show the chart as a table' }).click();
    const perTest = page.getByRole('table', { name: 'Missed questions per test by mistake type' });
    await expect(perTest.getByRole('row')).toHaveCount(3);
    await expect(perTest.getByRole('row', { name: /Kaplan FL 1/ })).toContainText('4');

    const sections = page.getByRole('region', { name: 'Sections and mistake types' });
    const cpRow = sections.getByRole('row', { name: new RegExp(`^${CP}`) });
    await expect(cpRow.getByRole('cell')).toHaveText(['5', '0', '0', '5']);

    const topics = page.getByRole('region', { name: 'Most-missed topics' });
    await expect(topics.getByRole('row', { name: /Optics/ })).toContainText('Falling');
    await expect(topics.getByRole('row', { name: /Enzymes/ })).toContainText('Rising');

    // A question logged meanwhile counts on the next visit.
    const tests = (await (
      await request.get('/api/tests', { headers: { Authorization: `Bearer ${token}` } })
    ).json()) as { _id: string }[];
    await addQuestionThroughApi(request, token, {
      test: tests[0]._id,
      section: 'Psychological and Social Foundations',
      questionNumber: 99,
      mistakeType: 'Time Pressure',
    });
    await page.reload();
    await ready(page);
    await expect(
      sections.getByRole('row', { name: /^Psychological and Social Foundations/ }),
    ).toContainText('1');

    await page.getByRole('combobox', { name: 'Section' }).click();
    await page.getByRole('option', { name: BIO }).click();
    await expect(findings).toContainText(`${BIO} has the most missed questions: 5 of 5.`);
  });
});

for (const scheme of ['light', 'dark'] as readonly ColourScheme[]) {
  test(`insights in ${scheme} have no serious accessibility violation`, async ({
    page,
    request,
  }) => {
    const token = await studentWithQuestions(request);
    await signInPage(page, token);
    await useColourScheme(page, scheme);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/insights');
    await ready(page);
    await page.waitForLoadState('networkidle');
    await keepScreenshot(page, 'insights', scheme);
    await expectNoSeriousViolations(page);
  });
}

test('insights fit a 375 px wide screen', async ({ page, request }) => {
  const token = await studentWithQuestions(request);
  await page.setViewportSize({ width: 375, height: 740 });
  await signInPage(page, token);
  await page.goto('/insights');
  await ready(page);
  const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(pageWidth).toBeLessThanOrEqual(375);
  await expect(page.getByRole('region', { name: 'What stands out' })).toBeVisible();
  await page.getByRole('button', { name: 'Show the chart as a table' }).click();
  await expect(
    page.getByRole('list', { name: 'Missed questions per test by mistake type' }),
  ).toBeVisible();
  await expectNoSeriousViolations(page);
});
