import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousViolations } from './support/accessibility';
import { newAccount, registerThroughApi, signInPage } from './support/accounts';
import { keepScreenshot, useColourScheme, type ColourScheme } from './support/screenshots';
import { addQuestionThroughApi, addSampleTest } from './support/study-data';

// As the student reads them (packages/contracts/src/messages/anki.ts); the e2e suite imports no
// runtime code from the contracts.
const ANKI_EXPORT_FILE_NAME = 'mcat-missed-questions.apkg';
const ANKI_MESSAGES = {
  exportButton: 'Export to Anki',
  markButton: 'Mark exported questions as Anki card made',
  exported: (count: number) => `Exported ${count} questions to an Anki deck.`,
  marked: (count: number) => `Marked ${count} questions as Anki card made.`,
};

/** Two Optics questions and one Enzymes question, none with an Anki card yet. */
const studentWithQuestions = async (
  page: Page,
  request: Parameters<typeof registerThroughApi>[0],
) => {
  const { token } = await registerThroughApi(request, newAccount('Anki Exporter'));
  const test = await addSampleTest(request, token, {
    source: 'AAMC FL 2',
    dateTaken: '2025-02-01',
  });
  for (const [questionNumber, tag] of [
    [4, 'Optics'],
    [9, 'Optics'],
    [21, 'Enzymes'],
  ] as const) {
    await addQuestionThroughApi(request, token, {
      test: test._id,
      section: 'Chemical and Physical Foundations',
      questionNumber,
      topicTags: [tag],
    });
  }
  await signInPage(page, token);
};

test.describe('Export to Anki', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('downloads the filtered deck, then marks exactly those questions', async ({
    page,
    request,
  }, testInfo) => {
    await studentWithQuestions(page, request);
    await page.goto('/questions');
    const table = page.getByRole('table', { name: 'All missed questions' });
    await expect(table.getByRole('row')).toHaveCount(7);

    await page.getByLabel('Topic Tag').fill('optics');
    await page.getByRole('button', { name: 'Apply Filters' }).click();
    await expect(page.getByRole('heading', { name: '2 questions' })).toBeVisible();

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: ANKI_MESSAGES.exportButton }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(ANKI_EXPORT_FILE_NAME);
    const file = testInfo.outputPath(ANKI_EXPORT_FILE_NAME);
    await download.saveAs(file);
    const bytes = fs.readFileSync(file);
    expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
    expect(bytes.includes(Buffer.from('collection.anki2'))).toBe(true);

    const offer = page.getByRole('alert').filter({ hasText: ANKI_MESSAGES.exported(2) });
    await expect(offer).toBeVisible();
    await expectNoSeriousViolations(page);
    await offer.getByRole('button', { name: ANKI_MESSAGES.markButton }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: ANKI_MESSAGES.marked(2) }),
    ).toBeVisible();
    await expect(
      page.getByRole('switch', { name: /Anki card made for question 4 / }),
    ).toBeChecked();
    await expect(
      page.getByRole('switch', { name: /Anki card made for question 9 / }),
    ).toBeChecked();

    await page.getByRole('button', { name: 'Clear Filters' }).click();
    await expect(page.getByRole('heading', { name: '3 questions' })).toBeVisible();
    await expect(
      page.getByRole('switch', { name: /Anki card made for question 21 / }),
    ).not.toBeChecked();
    await page.reload();
    await expect(
      page.getByRole('switch', { name: /Anki card made for question 4 / }),
    ).toBeChecked();
    await expect(
      page.getByRole('switch', { name: /Anki card made for question 21 / }),
    ).not.toBeChecked();
  });
});

test.describe('Export to Anki at phone width', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  for (const scheme of ['light', 'dark'] as ColourScheme[]) {
    test(`the button and the offer fit a 375 px screen (${scheme})`, async ({ page, request }) => {
      await useColourScheme(page, scheme);
      await studentWithQuestions(page, request);
      await page.goto('/questions');
      const exportButton = page.getByRole('button', { name: ANKI_MESSAGES.exportButton });
      await expect(exportButton).toBeEnabled();

      const downloading = page.waitForEvent('download');
      await exportButton.click();
      expect((await downloading).suggestedFilename()).toBe(ANKI_EXPORT_FILE_NAME);
      const offer = page.getByRole('alert').filter({ hasText: ANKI_MESSAGES.exported(3) });
      const markButton = offer.getByRole('button', { name: ANKI_MESSAGES.markButton });
      await expect(markButton).toBeVisible();
      const box = await offer.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 375).toBe(true);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      await expectNoSeriousViolations(page);
      await keepScreenshot(page, 'anki-export-phone', scheme);
      await markButton.click();
      await expect(
        page.getByRole('alert').filter({ hasText: ANKI_MESSAGES.marked(3) }),
      ).toBeVisible();
    });
  }
});
