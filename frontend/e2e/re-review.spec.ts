/**
 * The spaced re-review (/re-review): the dashboard's count, the walk through the due questions
 * (what the question was, then the student's own reasons and plan, then an outcome), the empty
 * state when nothing is left, a phone's width, and no serious accessibility violation in light or
 * dark.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { expectNoSeriousViolations } from './support/accessibility';
import { newAccount, registerThroughApi, signInPage } from './support/accounts';
import { useColourScheme, type ColourScheme } from './support/screenshots';
import { addQuestionThroughApi, addSampleTest } from './support/study-data';

const PHONE = { width: 375, height: 740 };

/** A student with two missed questions of one test, both due now (never reviewed). */
async function studentWithTwoDue(request: APIRequestContext, name: string): Promise<string> {
  const { token } = await registerThroughApi(request, newAccount(name));
  const test = await addSampleTest(request, token, { source: 'Blueprint FL 2' });
  await addQuestionThroughApi(request, token, {
    test: test._id,
    section: 'Chemical and Physical Foundations',
    questionNumber: 4,
    mistakeType: 'Content Gap',
    topicTags: ['Optics'],
    wrongAnswerReason: 'Used the lens equation with the wrong sign',
    rightAnswerReason: 'A diverging lens has a negative focal length',
    improvementPlan: 'Redo ten thin-lens problems',
  });
  await addQuestionThroughApi(request, token, {
    test: test._id,
    section: 'Psychological and Social Foundations',
    questionNumber: 31,
    mistakeType: 'Careless Error',
    topicTags: ['Memory'],
    wrongAnswerReason: 'Confused proactive and retroactive interference',
    rightAnswerReason: 'Old learning blocking new is proactive',
    improvementPlan: 'Make a card for each interference type',
  });
  return token;
}

test.use({ viewport: { width: 1280, height: 900 } });

test('the dashboard counts the due questions and the screen walks through them', async ({
  page,
  request,
}) => {
  const token = await studentWithTwoDue(request, 'Remy Review');
  await signInPage(page, token);

  await page.goto('/dashboard');
  const card = page.getByRole('region', { name: 'Re-review' });
  await expect(card).toContainText('2 missed questions are due for re-review.');
  await card.getByRole('link', { name: 'Start re-review' }).click();

  await expect(page).toHaveURL(/\/re-review$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Re-review missed questions' }),
  ).toBeVisible();
  await expect(page.getByText('1 of 2')).toBeVisible();
  const first = page.getByRole('region', { name: 'Chemical and Physical Foundations, question 4' });
  await expect(first).toContainText('Blueprint FL 2');
  await expect(first).toContainText('Content Gap');
  await expect(first).toContainText('Optics');
  await expect(first).not.toContainText('Used the lens equation with the wrong sign');
  await expect(first.getByRole('button', { name: /^Good/ })).toHaveCount(0);

  await first.getByRole('button', { name: 'Show answer' }).click();
  await expect(first).toContainText('Used the lens equation with the wrong sign');
  await expect(first).toContainText('A diverging lens has a negative focal length');
  await expect(first).toContainText('Redo ten thin-lens problems');
  await expect(first.getByRole('button', { name: /^Again: next review in 10 min/ })).toBeVisible();
  await expect(first.getByRole('button', { name: /^Good: next review in 2 days/ })).toBeVisible();
  await first.getByRole('button', { name: /^Good:/ }).click();

  const second = page.getByRole('region', {
    name: 'Psychological and Social Foundations, question 31',
  });
  await expect(second).toBeVisible();
  await expect(page.getByText('2 of 2')).toBeVisible();
  await second.getByRole('button', { name: 'Show answer' }).click();
  await expect(second).toContainText('Confused proactive and retroactive interference');
  // Key 1 is "again": back in ten minutes, so the next one is due within the hour.
  await page.keyboard.press('1');

  await expect(
    page.getByRole('heading', { name: 'Done: you re-reviewed 2 questions' }),
  ).toBeVisible();
  await expect(page.getByText(/The next one is due in 10 min/)).toBeVisible();

  // Reviewed, neither is due any more: the page and the dashboard say so after a reload.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Nothing to re-review now' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to your tests' })).toBeVisible();
  await page.goto('/dashboard');
  await expect(page.getByRole('region', { name: 'Re-review' })).toContainText(
    'Nothing is due for re-review now.',
  );
});

test('a student without questions is told how to get some in, from the nav', async ({
  page,
  request,
}) => {
  const { token } = await registerThroughApi(request, newAccount('Nadia Nothing'));
  await signInPage(page, token);
  await page.goto('/dashboard');
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Re-review' })
    .click();
  await expect(page.getByRole('heading', { name: 'Nothing to re-review now' })).toBeVisible();
  await expect(
    page.getByText(/Log missed questions while you review a practice test/),
  ).toBeVisible();
});

test('the walk works at a phone width, with nothing wider than the screen', async ({
  page,
  request,
}) => {
  await page.setViewportSize(PHONE);
  const token = await studentWithTwoDue(request, 'Pia Phone');
  await signInPage(page, token);
  await page.goto('/re-review');
  await page.getByRole('button', { name: 'Show answer' }).click();
  for (const name of [/^Again:/, /^Hard:/, /^Good:/, /^Easy:/]) {
    const box = await page.getByRole('button', { name }).boundingBox();
    expect(box).not.toBeNull();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width + 1);
  }
  const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(pageWidth).toBeLessThanOrEqual(PHONE.width);
  await page.getByRole('button', { name: /^Easy:/ }).click();
  await expect(page.getByText('2 of 2')).toBeVisible();
});

for (const scheme of ['light', 'dark'] as const satisfies readonly ColourScheme[]) {
  test(`the revealed question has no serious accessibility violation in ${scheme}`, async ({
    page,
    request,
  }) => {
    const token = await studentWithTwoDue(request, 'Axel Axe');
    await signInPage(page, token);
    await useColourScheme(page, scheme);
    await page.goto('/re-review');
    await page.getByRole('button', { name: 'Show answer' }).click();
    await expect(page.getByRole('group', { name: 'How well did you remember it?' })).toBeVisible();
    await expectNoSeriousViolations(page);
  });
}
