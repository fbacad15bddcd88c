import { expect, test } from '@playwright/test';
import { newAccount, registerThroughApi, signInPage } from './support/accounts';
import { addQuestionThroughApi, addSampleTest } from './support/study-data';

test.use({ viewport: { width: 1280, height: 900 } });

const QUESTIONS = 130;
const PARALLEL = 8;

test('a long question list shows its first page at once and the rest as the student scrolls', async ({
  page,
  request,
}) => {
  const { token } = await registerThroughApi(request, newAccount('Paige'));
  const oldest = await addSampleTest(request, token, {
    source: 'Oldest FL',
    dateTaken: '2025-01-03',
  });
  const bulk = await addSampleTest(request, token, { source: 'Bulk FL', dateTaken: '2025-02-03' });
  // The list is newest first: the one question of "Oldest FL", made first, comes last.
  await addQuestionThroughApi(request, token, {
    test: oldest._id,
    section: 'Critical Analysis and Reasoning',
    questionNumber: 1,
  });
  let next = 1;
  const worker = async () => {
    while (next < QUESTIONS) {
      const number = next++;
      await addQuestionThroughApi(request, token, {
        test: bulk._id,
        section: 'Biological and Biochemical Foundations',
        questionNumber: (number % 59) + 1,
      });
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  await signInPage(page, token);

  const firstPage = page.waitForResponse((response) =>
    /\/api\/questions\?limit=\d+$/.test(response.url()),
  );
  await page.goto('/questions');
  // One page is asked for, not the whole list.
  const answer = (await (await firstPage).json()) as { questions: unknown[]; total: number };
  expect(answer.total).toBe(QUESTIONS);
  expect(answer.questions.length).toBeLessThan(QUESTIONS);
  await expect(page.getByText(`${QUESTIONS} questions`)).toBeVisible();
  const table = page.getByRole('table', { name: 'All missed questions' });
  await expect(table).toContainText('Bulk FL');
  await expect(table).not.toContainText('Oldest FL');

  await expect(async () => {
    await table.hover();
    await page.mouse.wheel(0, 4000);
    await expect(table).toContainText('Oldest FL', { timeout: 1000 });
  }).toPass({ timeout: 30000 });
  // All of the list is loaded now, yet only the questions in view are rendered.
  expect(await table.locator('tbody:not([aria-hidden])').count()).toBeLessThan(QUESTIONS / 2);
});
