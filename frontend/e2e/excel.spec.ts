import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { newAccount, registerThroughApi, signInPage } from './support/accounts';
import { addSampleTest, saveCustomTestInForm } from './support/study-data';

test.use({ viewport: { width: 1280, height: 900 } });

test('export to Excel, then import the file into a second account', async ({
  page,
  request,
  browser,
}, testInfo) => {
  const { token } = await registerThroughApi(request, newAccount('Exporter'));
  await addSampleTest(request, token, { source: 'AAMC FL 2', dateTaken: '2025-01-05' });
  await addSampleTest(request, token, { source: 'Kaplan FL 2', dateTaken: '2025-02-05' });
  await signInPage(page, token);
  await page.goto('/tests');
  await expect(page.getByRole('table', { name: 'Test History' }).getByRole('row')).toHaveCount(3);

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export to Excel' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('mcat-tests.xlsx');
  const file = testInfo.outputPath('mcat-tests.xlsx');
  await download.saveAs(file);
  expect(fs.statSync(file).size).toBeGreaterThan(0);

  const second = await registerThroughApi(request, newAccount('Importer'));
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const other = await context.newPage();
  await signInPage(other, second.token);
  await other.goto('/tests');
  await expect(other.getByRole('heading', { name: 'No Tests Yet' })).toBeVisible();
  await other.getByTestId('import-file').setInputFiles(file);
  await expect(other.getByText('2 tests imported')).toBeVisible();
  const history = other.getByRole('table', { name: 'Test History' });
  await expect(history).toContainText('AAMC FL 2');
  await expect(history).toContainText('Kaplan FL 2');

  await other.getByTestId('import-file').setInputFiles(file);
  await expect(other.getByText('0 tests imported')).toBeVisible();
  const warnings = other.getByRole('list', { name: 'Import warnings' });
  await expect(warnings.getByRole('listitem')).toHaveText([
    'Row 2: skipped, identical to a test you already have',
    'Row 3: skipped, identical to a test you already have',
  ]);
  await context.close();
});

test('a file that is not a spreadsheet is refused with the alert', async ({ page, request }) => {
  const { token } = await registerThroughApi(request, newAccount('Wrong File'));
  await signInPage(page, token);
  await page.goto('/tests');
  await page.getByTestId('import-file').setInputFiles({
    name: 'scores.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('Date Taken,Source\n01/15/2025,AAMC FL 1\n'),
  });
  await expect(page.getByRole('alert')).toHaveText('Please select an Excel file (.xlsx or .xls)');
});

test("a free user's third test opens the limit modal", async ({ page, request }) => {
  const { token } = await registerThroughApi(request, newAccount('Third Test'));
  await addSampleTest(request, token, { dateTaken: '2025-01-01' });
  await addSampleTest(request, token, { dateTaken: '2025-01-02' });
  await signInPage(page, token);
  await saveCustomTestInForm(page, '2025-01-03');
  const modal = page.getByRole('dialog', { name: 'Free Tier Limit Reached' });
  await expect(modal).toContainText(
    'Sorry, storage costs are expensive. Free users can only create 2 tests. Upgrade to premium for up to 15 tests.',
  );
  await modal.getByRole('button', { name: 'Upgrade to Premium' }).click();
  await expect(page).toHaveURL(/\/premium\?checkout=true$/);
});
