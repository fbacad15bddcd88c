import { expect, test } from '@playwright/test';
import { newAccount, registerThroughApi, signInPage } from './support/accounts';

test.use({ viewport: { width: 1280, height: 900 } });

test('add a test, review all four sections with questions in two, complete, then reopen', async ({
  page,
  request,
}) => {
  const { token } = await registerThroughApi(request, newAccount('Rev Student'));
  await signInPage(page, token);

  await page.goto('/tests/new');
  await page.getByLabel('Date Taken').fill('2025-02-01');
  await page.getByRole('combobox', { name: 'Test Source' }).click();
  await page.getByRole('option', { name: 'Blueprint FL 2' }).click();
  await page.getByLabel('Chem/Phys Score').fill('125');
  await page.getByLabel('CARS Score').fill('124');
  await expect(page.getByTestId('computed-total')).toHaveText('—');
  await page.getByLabel('Bio Score').fill('127');
  await page.getByLabel('Psych/Soc Score').fill('126');
  await expect(page.getByTestId('computed-total')).toHaveText('502');
  await page.getByRole('button', { name: 'Save Test' }).click();

  await expect(page).toHaveURL(/\/tests\/[0-9a-f]{24}\/review$/);
  const testPath = new URL(page.url()).pathname.replace(/\/review$/, '');
  await expect(page.getByText('Section 1 of 4')).toBeVisible();
  await expect(
    page.getByRole('heading', { name: 'Chemical and Physical Foundations' }),
  ).toBeVisible();

  await page.getByRole('button', { name: 'Add Missed Question' }).click();
  await expect(page.getByText('Please enter a question number first.')).toBeVisible();
  await page.getByLabel('Question Number').first().fill('12');
  await page.getByRole('button', { name: 'Add Missed Question' }).click();
  const form = page.getByRole('form', { name: 'Missed question' });
  await expect(form.getByRole('combobox', { name: 'Section' })).toHaveText(
    'Chemical and Physical Foundations',
  );
  await form.getByLabel('Why I Got It Wrong').fill('Forgot the ideal gas law');
  await form.getByLabel('Why the Right Answer is Correct').fill('PV = nRT gives the volume');
  await form.getByLabel('How to Improve').fill('Flashcards for gas laws');
  await form.getByRole('combobox', { name: 'Topic Tags' }).fill('thermo');
  await form.getByRole('combobox', { name: 'Topic Tags' }).press('Enter');
  await form.getByRole('button', { name: 'Save Question' }).click();
  await expect(form).toHaveCount(0);
  await expect(
    page.getByRole('table', { name: 'Missed questions in Chemical and Physical Foundations' }),
  ).toContainText('Thermodynamics');

  await page.getByRole('button', { name: 'Next Section' }).click();
  await expect(page.getByText('Section 2 of 4')).toBeVisible();
  await page.getByRole('button', { name: 'No Missed Questions in This Section' }).click();
  await expect(page.getByText('Section 3 of 4')).toBeVisible();

  await page.getByLabel('Question Number').first().fill('33');
  await page.getByRole('button', { name: 'Add Missed Question' }).click();
  await form.getByLabel('Why I Got It Wrong').fill('Confused Km and Vmax');
  await form.getByLabel('Why the Right Answer is Correct').fill('Km is the affinity');
  await form.getByLabel('How to Improve').fill('Enzyme kinetics drills');
  await form.getByRole('button', { name: 'Save Question' }).click();
  await expect(
    page.getByRole('table', { name: 'Missed questions in Biological and Biochemical Foundations' }),
  ).toBeVisible();

  await page.getByRole('button', { name: 'Next Section' }).click();
  await expect(page.getByText('Section 4 of 4')).toBeVisible();
  await page.getByRole('button', { name: 'Next Section' }).click();
  await expect(page.getByRole('heading', { name: /^Great job/ })).toBeVisible();

  await page.getByRole('link', { name: 'View Test Details' }).click();
  await expect(page).toHaveURL(new RegExp(`${testPath}$`));
  await expect(page.getByTestId('review-progress-label')).toHaveText('100%');
  const questions = page.getByRole('table', { name: 'Missed questions of this test' });
  await expect(questions.getByRole('row')).toHaveCount(5);
  await expect(page.getByRole('link', { name: 'Review Test' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Mark Complete' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Reopen Review' }).click();
  await expect(page.getByRole('link', { name: 'Start Review' })).toBeVisible();
  await expect(page.getByTestId('review-progress-label')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Review Test' })).toBeVisible();

  await page.goto(
    `${testPath}/review?section=${encodeURIComponent('Psychological and Social Foundations')}`,
  );
  await expect(page.getByText('Section 4 of 4')).toBeVisible();

  await page.goto('/tests');
  const history = page.getByRole('table', { name: 'Test History' });
  await expect(history).toContainText('Blueprint FL 2');
  await expect(history.getByRole('img', { name: 'Review not started' })).toBeVisible();
});

test('deleting a test asks first, and a missing test shows Test Not Found', async ({
  page,
  request,
}) => {
  const { token } = await registerThroughApi(request, newAccount('Del Student'));
  await signInPage(page, token);
  await page.goto('/tests');
  await expect(page.getByRole('heading', { name: 'No Tests Yet' })).toBeVisible();
  await page.getByRole('link', { name: 'Add Your First Test' }).click();
  await expect(page).toHaveURL(/\/tests\/new$/);
  await page.goto('/tests/0123456789abcdef01234567');
  await expect(page.getByRole('heading', { name: 'Test Not Found' })).toBeVisible();
});
