import fs from 'node:fs';
import { createRequire } from 'node:module';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { AccountDataExport } from '@mcat/contracts';
import { expectNoSeriousViolations } from './support/accessibility';
import { newAccount, registerThroughApi, signInPage, type Account } from './support/accounts';
import { keepScreenshot, useColourScheme, type ColourScheme } from './support/screenshots';
import { addQuestionThroughApi, addSampleTest } from './support/study-data';

// The contracts are CommonJS: values are required, as e2e/support/mailbox.ts does.
const {
  ACCOUNT_DATA_FILE_NAME,
  ACCOUNT_DATA_MESSAGES,
  ACCOUNT_DATA_TEXTS: T,
  AUTH_MESSAGES,
} = createRequire(import.meta.url)('@mcat/contracts') as typeof import('@mcat/contracts');

/** A student with two tests and one missed question, signed in on the page. */
async function studentWithData(page: Page, request: APIRequestContext): Promise<Account> {
  const account = newAccount('Dana');
  const { token } = await registerThroughApi(request, account);
  const first = await addSampleTest(request, token, {
    source: 'AAMC FL 1',
    dateTaken: '2025-01-10',
  });
  await addSampleTest(request, token, { source: 'AAMC FL 2', dateTaken: '2025-02-10' });
  await addQuestionThroughApi(request, token, {
    test: first._id,
    section: 'Critical Analysis and Reasoning',
    questionNumber: 12,
  });
  await signInPage(page, token);
  return account;
}

test.describe('the student’s own data on the profile page', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('downloads everything as one JSON file', async ({ page, request }, testInfo) => {
    const account = await studentWithData(page, request);
    await page.goto('/profile');
    await expect(page.getByRole('heading', { name: T.title })).toBeVisible();
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: T.exportButton }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(ACCOUNT_DATA_FILE_NAME);
    const file = testInfo.outputPath(ACCOUNT_DATA_FILE_NAME);
    await download.saveAs(file);
    const data = JSON.parse(fs.readFileSync(file, 'utf8')) as AccountDataExport;
    expect(data.profile.email).toBe(account.email);
    expect(data.tests).toHaveLength(2);
    expect(data.questions).toHaveLength(1);
    expect(data.questions[0]).toHaveProperty('review');
    await expect(page.getByRole('button', { name: T.exportButton })).toBeEnabled();
  });

  test('deletes the account behind a confirmation that names what is lost', async ({
    page,
    request,
  }) => {
    const account = await studentWithData(page, request);
    await page.goto('/profile');
    await page.getByRole('button', { name: T.deleteButton }).click();
    const dialog = page.getByRole('dialog', { name: T.dialogTitle });
    await expect(dialog.getByText(T.tests(2))).toBeVisible();
    await expect(dialog.getByText(T.questions(1))).toBeVisible();
    await expect(dialog.getByText(T.schedules)).toBeVisible();
    await expectNoSeriousViolations(page);

    // Cancel keeps everything; a wrong password says so and keeps everything too.
    await dialog.getByRole('button', { name: T.cancel }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole('button', { name: T.deleteButton }).click();
    await dialog.getByLabel(T.passwordLabel).fill('not-the-password');
    await dialog.getByRole('button', { name: T.confirm }).click();
    await expect(dialog.getByText(ACCOUNT_DATA_MESSAGES.deletePasswordIncorrect)).toBeVisible();

    await dialog.getByLabel(T.passwordLabel).fill(account.password);
    await dialog.getByRole('button', { name: T.confirm }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText(ACCOUNT_DATA_MESSAGES.deletedNotice)).toBeVisible();

    // The old password signs in no more, and the address registers afresh with nothing in it.
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password').fill(account.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText(AUTH_MESSAGES.invalidCredentials)).toBeVisible();
    const again = await registerThroughApi(request, { ...account, password: 'second-password-2' });
    const tests = await request.get('/api/tests', {
      headers: { authorization: `Bearer ${again.token}` },
    });
    expect(await tests.json()).toEqual([]);
  });
});

for (const scheme of ['light', 'dark'] as ColourScheme[]) {
  test(`the card and its dialog at phone width (${scheme})`, async ({ page, request }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await useColourScheme(page, scheme);
    await studentWithData(page, request);
    await page.goto('/profile');
    const card = page.getByRole('region', { name: T.title });
    await card.scrollIntoViewIfNeeded();
    await expect(card.getByRole('button', { name: T.exportButton })).toBeVisible();
    await page.getByRole('button', { name: T.deleteButton }).click();
    const dialog = page.getByRole('dialog', { name: T.dialogTitle });
    await expect(dialog.getByText(T.tests(2))).toBeVisible();
    const box = await dialog.boundingBox();
    expect(box?.width ?? 0).toBeLessThanOrEqual(375);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
    await expectNoSeriousViolations(page);
    await keepScreenshot(page, 'account-data-dialog-phone', scheme);
  });
}
