import { expect, test } from '@playwright/test';
import type { Test } from '@mcat/contracts';
import { newAccount, registerThroughApi, signInPage } from './support/accounts';
import { saveCustomTestInForm } from './support/study-data';

test.use({ viewport: { width: 1280, height: 900 } });

test('a saved test whose answer never reached the browser is saved once, and the student goes on to review it', async ({
  page,
  request,
}) => {
  const { token } = await registerThroughApi(request, newAccount('Flaky Wifi'));
  await signInPage(page, token);

  // The first Save reaches the server, which stores the test, but its answer is lost on the way
  // back; the web app retries with the same key and gets the first answer.
  const keys: (string | null)[] = [];
  await page.route('**/api/tests', async (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    keys.push(await route.request().headerValue('Idempotency-Key'));
    if (keys.length > 1) return route.fallback();
    await route.fetch();
    return route.abort('connectionreset');
  });

  await saveCustomTestInForm(page, '2025-02-01');
  await expect(page).toHaveURL(/\/tests\/[0-9a-f]{24}\/review$/);
  await expect(page.getByText('Section 1 of 4')).toBeVisible();

  expect(keys).toHaveLength(2);
  expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
  expect(keys[1]).toBe(keys[0]);
  const stored = await request.get('/api/tests', { headers: { authorization: `Bearer ${token}` } });
  const tests = (await stored.json()) as Test[];
  expect(tests.map((t) => t.source)).toEqual(['My Own Full Length']);
  expect(page.url()).toContain(`/tests/${tests[0]?._id}/review`);
});
